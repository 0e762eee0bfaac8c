// Offline dependency upgrades: given a vulnerable package found in a lockfile or manifest and the
// version that fixes it, the edits to the manifest and lockfile that install the fix (npm, PyPI,
// Go). Pure: files come from `readFile`; nothing is fetched, so hashes the registry would give are
// left out and said so in `notes` (see README.md). Never throws: a problem is `{ ok: false, reason }`.
import { unifiedDiff } from "../../fix.ts";
import { planGoUpgrade } from "./go.ts";
import { planNpmUpgrade } from "./npm.ts";
import { planPipUpgrade } from "./pip.ts";
import {
  type FileChange,
  type ReadFile,
  refuse,
  type UpgradePlan,
  type UpgradeRequest,
  upgradeProblem,
} from "./plan.ts";

export type { FileChange, UpgradePlan, UpgradeRequest } from "./plan.ts";

/** readFile returns null when the file does not exist. */
export function planDependencyUpgrade(request: UpgradeRequest, readFile: ReadFile): UpgradePlan {
  const problem = upgradeProblem(request);
  if (problem !== undefined) return refuse(`${request.name}: ${problem}`);
  try {
    switch (request.ecosystem) {
      case "npm":
        return planNpmUpgrade(request, readFile);
      case "PyPI":
        return planPipUpgrade(request, readFile);
      case "Go":
        return planGoUpgrade(request, readFile);
      default:
        return refuse(`unsupported ecosystem ${String((request as { ecosystem: unknown }).ecosystem)}`);
    }
  } catch (error) {
    // A bug, not an input problem; the caller still gets an answer it can show.
    return refuse(`planning the upgrade failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The changes as one unified diff (`git apply` format), files in the order given. */
export function renderUpgradeDiff(changes: readonly FileChange[]): string {
  return changes.map((change) => unifiedDiff(change.path, change.before, change.after)).join("");
}
