// The page's client-side filters: by severity and by the spec's three categories.

import type { SastCategory, SastFinding } from "@rampart/contracts/sast";
import type { SeverityFilter } from "../../components/findings-list";

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
