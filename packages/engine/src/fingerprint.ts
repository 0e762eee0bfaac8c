// Fingerprints identify a finding across runs. They hash what the finding is about (rule, file,
// the offending line's text with whitespace normalised) and not where it is, so inserting or
// deleting unrelated lines does not change them; identical lines are told apart by their order.
import { createHash } from "node:crypto";
import type { Location } from "./finding.ts";

/** Bumped when the recipe changes; also the SARIF partialFingerprints key. */
export const FINGERPRINT_VERSION = "rampart/v1";

export function normalizeSnippet(snippet: string): string {
  return snippet.trim().replace(/\s+/g, " ");
}

export function fingerprintOf(ruleId: string, path: string, snippet: string, occurrence: number): string {
  return createHash("sha256")
    .update(`${FINGERPRINT_VERSION}\0${ruleId}\0${path}\0${normalizeSnippet(snippet)}\0${occurrence}`)
    .digest("hex");
}

/**
 * Fingerprints for findings in the order given. The occurrence index counts earlier findings of
 * the same rule in the same file on an identical normalised line, in line order, so two identical
 * `privileged: true` lines get different fingerprints that survive edits elsewhere in the file.
 */
export function assignFingerprints<T extends { ruleId: string; location: Location }>(
  findings: readonly T[],
): (T & { fingerprint: string })[] {
  const order = findings
    .map((finding, index) => ({ finding, index }))
    .sort(
      (a, b) =>
        a.finding.location.line - b.finding.location.line ||
        a.finding.location.column - b.finding.location.column ||
        a.index - b.index,
    );
  const seen = new Map<string, number>();
  const fingerprints = new Array<string>(findings.length);
  for (const { finding, index } of order) {
    const { path, snippet } = finding.location;
    const key = `${finding.ruleId}\0${path}\0${normalizeSnippet(snippet)}`;
    const occurrence = seen.get(key) ?? 0;
    seen.set(key, occurrence + 1);
    fingerprints[index] = fingerprintOf(finding.ruleId, path, snippet, occurrence);
  }
  return findings.map((finding, index) => ({ ...finding, fingerprint: fingerprints[index]! }));
}
