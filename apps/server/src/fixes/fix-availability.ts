// Whether "Create Fix PR" can open a pull request for a stored finding, and in words a user can
// act on why not: the checks the fix routes make before reading any file. A pull request may
// still be refused later (the commit cannot be checked out, the patch no longer applies); the
// route's answer then says why.
import type { FixAvailability } from "@rampart/contracts/fixes";
import { specEcosystemName } from "../sca/ecosystems.ts";
import { dependencyFixRefusal, type FindingForFix, NO_MECHANICAL_FIX, patchKind } from "./fix-plans.ts";

export const VULNERABLE_DEPENDENCY = "sca/vulnerable-dependency";

export function fixAvailability(finding: FindingForFix & { status: string }): FixAvailability {
  if (finding.status !== "fail") return { available: false, reason: "Only a failed finding needs a fix" };
  if (finding.ruleId === VULNERABLE_DEPENDENCY) {
    const refusal = dependencyFixRefusal(finding, specEcosystemName);
    return refusal ? { available: false, reason: refusal } : { available: true, kind: "dependency" };
  }
  const metadata = (finding.metadata ?? {}) as { patch?: unknown };
  if (typeof metadata.patch === "string" && metadata.patch.trim() !== "") {
    return { available: true, kind: patchKind(finding.analyzer) };
  }
  return { available: false, reason: NO_MECHANICAL_FIX };
}
