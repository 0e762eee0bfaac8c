// The page's client-side filters: by severity and by the spec's three categories.
import type { Severity } from "@rampart/contracts/common";
import type { SastCategory, SastFinding } from "@rampart/contracts/sast";

export type SeverityFilter = "all" | Severity;
export const SEVERITY_FILTERS: readonly SeverityFilter[] = ["all", "critical", "high", "med", "low"];

export type CategoryFilter = "all" | SastCategory;
export const CATEGORY_FILTERS: readonly CategoryFilter[] = [
  "all",
  "security",
  "best-practice",
  "correctness",
];

export const CATEGORY_LABELS: Record<SastCategory, string> = {
  security: "Security",
  "best-practice": "Best practice",
  correctness: "Correctness",
};

export function filterFindings(
  findings: readonly SastFinding[],
  severity: SeverityFilter,
  category: CategoryFilter,
): SastFinding[] {
  return findings.filter(
    (finding) =>
      (severity === "all" || finding.severity === severity) &&
      (category === "all" || finding.category === category),
  );
}
