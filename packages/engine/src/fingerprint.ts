// Fingerprints identify a finding across runs. They hash what the finding is about (rule, file,
// the offending line's text with whitespace normalised) and not where it is, so inserting or
// deleting unrelated lines does not change them; identical lines are told apart by their order.
import { hash } from "node:crypto";
import type { Location } from "./finding.ts";

/** Bumped when the recipe changes; also the SARIF partialFingerprints key. */
export const FINGERPRINT_VERSION = "rampart/v1";

export function normalizeSnippet(snippet: string): string {
  return snippet.trim().replace(/\s+/g, " ");
}

export function fingerprintOf(ruleId: string, path: string, snippet: string, occurrence: number): string {
  return fingerprintOfKey(`${ruleId}\0${path}\0${normalizeSnippet(snippet)}`, occurrence);
}

/**
 * `key` is `ruleId \0 path \0 normalised snippet`. The one-shot `hash` costs a third of a
 * `createHash` object per call, and a scan hashes every finding.
 */
function fingerprintOfKey(key: string, occurrence: number): string {
  return hash("sha256", `${FINGERPRINT_VERSION}\0${key}\0${occurrence}`, "hex");
}

/**
 * Sets the fingerprint of each finding (in place: callers hand over findings they just made, and
 * copying 100,000 of them was a measurable share of a scan) and returns them. The occurrence index
 * counts earlier findings of the same rule in the same file on an identical normalised line, in
 * line order, so two identical `privileged: true` lines get different fingerprints that survive
 * edits elsewhere in the file.
 */
export function assignFingerprints<T extends { ruleId: string; location: Location; fingerprint?: string }>(
  findings: T[],
): (T & { fingerprint: string })[] {
  const keys = new Array<string>(findings.length);
  // Index of the only finding with a key, or the list of all of them once there is a second.
  const byKey = new Map<string, number | number[]>();
  for (let index = 0; index < findings.length; index++) {
    const { ruleId, location } = findings[index]!;
    const key = `${ruleId}\0${location.path}\0${normalizeSnippet(location.snippet)}`;
    keys[index] = key;
    const earlier = byKey.get(key);
    if (earlier === undefined) byKey.set(key, index);
    else if (typeof earlier === "number") byKey.set(key, [earlier, index]);
    else earlier.push(index);
  }
  for (const group of byKey.values()) {
    if (typeof group === "number") {
      findings[group]!.fingerprint = fingerprintOfKey(keys[group]!, 0);
      continue;
    }
    // Only findings on identical lines need ordering: by position, then by the order given.
    group.sort((a, b) => {
      const first = findings[a]!.location;
      const second = findings[b]!.location;
      return first.line - second.line || first.column - second.column || a - b;
    });
    group.forEach((index, occurrence) => {
      findings[index]!.fingerprint = fingerprintOfKey(keys[index]!, occurrence);
    });
  }
  return findings as (T & { fingerprint: string })[];
}
