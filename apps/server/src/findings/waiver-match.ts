// Which waiver, if any, covers a finding: by its fingerprint, by its rule under a path pattern,
// or by its rule anywhere in the tenant. Revoked, expired and not yet approved (four-eyes)
// waivers cover nothing.
import ignore from "ignore";

export interface WaiverRow {
  id: string;
  scope: "fingerprint" | "rule-path" | "rule";
  ruleId: string;
  pathPattern: string | null;
  fingerprint: string | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
  /** Waiting for a second person's approval. */
  pending?: boolean;
}

export function isActive(waiver: WaiverRow, now: Date): boolean {
  return !waiver.pending && !waiver.revokedAt && (!waiver.expiresAt || waiver.expiresAt > now);
}

export function waiverCovers(
  waiver: WaiverRow,
  finding: { ruleId: string; path: string | null; fingerprint: string },
): boolean {
  if (waiver.ruleId !== finding.ruleId) return false;
  switch (waiver.scope) {
    case "fingerprint":
      return waiver.fingerprint === finding.fingerprint;
    case "rule-path":
      // gitignore pattern semantics, the same as `.rampart.yaml` excludes.
      return (
        finding.path !== null &&
        waiver.pathPattern !== null &&
        ignore().add(waiver.pathPattern).ignores(finding.path)
      );
    case "rule":
      return true;
  }
}

export function matchingWaiver(
  waivers: readonly WaiverRow[],
  finding: { ruleId: string; path: string | null; fingerprint: string },
  now: Date,
): WaiverRow | undefined {
  return waivers.find((waiver) => isActive(waiver, now) && waiverCovers(waiver, finding));
}
