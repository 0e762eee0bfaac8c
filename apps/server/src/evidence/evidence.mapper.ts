// Ledger rows in the API's shapes.
import type { ChainStatus, EvidenceArtifact } from "@rampart/contracts/evidence";
import type { evidenceArtifacts, ledgerHeads, ledgerVerifications } from "@rampart/db/schema";

export function toEvidenceArtifact(row: typeof evidenceArtifacts.$inferSelect): EvidenceArtifact {
  const content = (row.content ?? {}) as { status?: unknown; repo?: unknown };
  return {
    id: row.id,
    index: row.index,
    artifactType: row.artifactType,
    hash: row.hash,
    prevHash: row.prevHash,
    contentHash: row.contentHash,
    runId: row.runId,
    createdAt: row.createdAt.toISOString(),
    metadata: {
      ...(typeof content.status === "string" ? { status: content.status } : {}),
      ...(typeof content.repo === "string" ? { repo: content.repo } : {}),
    },
  };
}

/**
 * The chain as last verified. A chain that grew since its last verification still shows that
 * verification's verdict, with the current length and head. `runs` counts the chain's run entries:
 * a run adds a finding batch beside its own entry, and image scans and fix PRs add theirs, so the
 * chain's length is not a count of runs.
 */
export function chainStatus(
  head: typeof ledgerHeads.$inferSelect | undefined,
  verification: typeof ledgerVerifications.$inferSelect | undefined,
  runs: number,
): ChainStatus {
  return {
    isValid: verification?.isValid ?? false,
    totalRuns: runs,
    chainLength: head?.length ?? 0,
    lastHash: head && head.length > 0 ? head.headHash : null,
    lastVerifiedAt: verification?.verifiedAt.toISOString() ?? null,
    failure:
      verification && !verification.isValid
        ? { index: verification.failedIndex ?? 0, reason: verification.reason ?? "unknown" }
        : null,
  };
}
