// How a fix pull request is checked before it is opened: the scanned files with the change
// applied are scanned again, with the same engine and advisory data as a run, and the findings
// the change claims to fix must be gone. The copy is a scratch directory of the server's; the
// workspace it comes from (a fresh checkout) is never written.
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { directoryPackages } from "@rampart/engine/sbom/directory";
import { scan as engineScan } from "@rampart/engine/scan";
import type { AdvisoryStore } from "../advisories/advisory-store.ts";
import type { PlannedChange } from "./fix-plans.ts";

export interface FixVerification {
  /** Fingerprints the change was to fix that the re-scan no longer reports. */
  gone: string[];
  /** Fingerprints the change was to fix that the re-scan still reports. */
  remaining: string[];
  /** Findings of the patched files that the scanned files did not have (the change added them). */
  introduced: number;
  /** Files the re-scan read. */
  filesScanned: number;
}

/**
 * Scans `workspaceRoot` with `changes` applied and says which of `fixedFingerprints` are gone.
 * `before` are the fingerprints the run found, to tell findings the change introduced.
 */
export async function verifyFix(input: {
  workspaceRoot: string;
  changes: readonly PlannedChange[];
  fixedFingerprints: readonly string[];
  before: ReadonlySet<string>;
  advisories: Pick<AdvisoryStore, "sourceFor">;
}): Promise<FixVerification> {
  const scratch = mkdtempSync(path.join(tmpdir(), "rampart-fix-verify-"));
  const root = path.join(scratch, "tree");
  try {
    // The checkout's files only: its .git is not scanned by a run either.
    cpSync(input.workspaceRoot, root, {
      recursive: true,
      verbatimSymlinks: true,
      filter: (source) => path.relative(input.workspaceRoot, source).split(path.sep)[0] !== ".git",
    });
    for (const change of input.changes) {
      const target = path.resolve(root, change.path);
      // Plans name repository-relative paths read from the checkout; anything else is a bug.
      if (!target.startsWith(root + path.sep))
        throw new Error(`change outside the repository: ${change.path}`);
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, change.after);
    }
    const inventory = await directoryPackages(root);
    const result = await engineScan(root, {
      advisories: await input.advisories.sourceFor(inventory.packages),
    });
    const after = new Set(result.findings.map((finding) => finding.fingerprint));
    return {
      gone: input.fixedFingerprints.filter((fingerprint) => !after.has(fingerprint)),
      remaining: input.fixedFingerprints.filter((fingerprint) => after.has(fingerprint)),
      introduced: [...after].filter((fingerprint) => !input.before.has(fingerprint)).length,
      filesScanned: result.filesScanned,
    };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
