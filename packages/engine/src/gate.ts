// The build gate: which findings count against `--fail-on`. Suppressed findings and findings
// already in the baseline do not; everything else at or above the threshold does.
import type { Finding } from "./finding.ts";
import { isAtLeast, type Severity } from "./rule.ts";

export function countsAgainstGate(finding: Finding): boolean {
  return !finding.suppression && finding.baseline !== "unchanged";
}

export function failingFindings(findings: readonly Finding[], threshold: Severity): Finding[] {
  return findings.filter((finding) => countsAgainstGate(finding) && isAtLeast(finding.severity, threshold));
}
