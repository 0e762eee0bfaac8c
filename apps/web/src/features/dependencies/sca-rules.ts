// The page's pure rules: client-side filters and when a fix PR can be automated (spec part 2, §5:
// a fixed version must exist and the ecosystem must be npm, pip or go).

import type { ScaEcosystem, ScaFinding } from "@rampart/contracts/sca";
import type { SeverityFilter } from "../../components/findings-list";

export const AUTO_FIX_ECOSYSTEMS: readonly ScaEcosystem[] = ["npm", "pip", "go"];

/** The spec's five ecosystems always, plus any other one the findings use. */
export function ecosystemFilters(findings: readonly ScaFinding[]): ("all" | ScaEcosystem)[] {
  const base: ScaEcosystem[] = ["npm", "pip", "go", "maven", "nuget"];
  const extra = [...new Set(findings.map((finding) => finding.ecosystem))].filter(
    (ecosystem) => !base.includes(ecosystem),
  );
  return ["all", ...base, ...extra.sort()];
}

export function filterFindings(
  findings: readonly ScaFinding[],
  severity: SeverityFilter,
  ecosystem: "all" | ScaEcosystem,
): ScaFinding[] {
  return findings.filter(
    (finding) =>
      (severity === "all" || finding.severity === severity) &&
      (ecosystem === "all" || finding.ecosystem === ecosystem),
  );
}

/** Null when a fix PR can be created, else why not (the disabled button's tooltip). */
export function fixUnavailableReason(finding: ScaFinding): string | null {
  if (!AUTO_FIX_ECOSYSTEMS.includes(finding.ecosystem)) {
    return `Automated fixes not yet supported for ${finding.ecosystem}`;
  }
  if (finding.fixedVersion === null) return `No fixed version of ${finding.packageName} exists yet`;
  return null;
}
