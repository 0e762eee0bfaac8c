// The rows an audit package is made of: accepted evidence in scope, approved policy versions in
// force, and their acknowledgements, each with the index of the ledger entry that recorded it.
import type { Database } from "@rampart/db/client";
import {
  evidenceArtifacts,
  evidenceRequests,
  evidenceSubmissions,
  policies,
  policyAcknowledgements,
  policyVersions,
  users,
} from "@rampart/db/schema";
import { and, asc, eq, inArray, isNotNull, lte } from "drizzle-orm";

/** Type I: the state at one instant. Type II: everything that held at some time in a window. */
export type PackageScope =
  | { readonly view: "type1"; readonly at: Date }
  | { readonly view: "type2"; readonly from: Date; readonly to: Date };

export const scopeEnd = (scope: PackageScope): Date => (scope.view === "type1" ? scope.at : scope.to);
const scopeStart = (scope: PackageScope): Date => (scope.view === "type1" ? scope.at : scope.from);

export interface AcceptedEvidence {
  readonly submissionId: string;
  readonly controlCode: string;
  readonly evidenceKey: string;
  readonly title: string;
  readonly periodStart: Date;
  readonly validUntil: Date | null;
  readonly fileName: string;
  readonly contentType: string;
  readonly sizeBytes: number;
  readonly sha256: string;
  readonly storage: "files" | "s3";
  readonly storageKey: string;
  readonly reviewedAt: Date;
  readonly ledgerIndex: number;
}

export interface PolicyVersionInForce {
  readonly policyId: string;
  readonly key: string;
  readonly title: string;
  readonly version: number;
  readonly body: string;
  readonly sha256: string;
  readonly approvedAt: Date;
  readonly ledgerIndex: number;
}

export interface Acknowledgement {
  readonly policyVersionKey: string;
  readonly userEmail: string | null;
  readonly acknowledgedAt: Date;
  readonly ledgerIndex: number;
}

/**
 * The approved versions in force at some time in the scope. A version is in force from its
 * approval until a higher version is approved; a lower version approved later never takes over.
 */
export function versionsInForce<Version extends { policyId: string; version: number; approvedAt: Date }>(
  approved: readonly Version[],
  scope: PackageScope,
): Version[] {
  const start = scopeStart(scope);
  const end = scopeEnd(scope);
  const byPolicy = new Map<string, Version[]>();
  for (const version of approved) {
    if (version.approvedAt > end) continue;
    byPolicy.set(version.policyId, [...(byPolicy.get(version.policyId) ?? []), version]);
  }
  const chosen: Version[] = [];
  for (const versions of byPolicy.values()) {
    const ordered = [...versions].sort(
      (a, b) => a.approvedAt.getTime() - b.approvedAt.getTime() || a.version - b.version,
    );
    // Walk approvals in time: the sequence of versions that took force, each until the next.
    const took: Version[] = [];
    for (const version of ordered) {
      if (took.length === 0 || version.version > took.at(-1)!.version) took.push(version);
    }
    took.forEach((version, position) => {
      const next = took[position + 1];
      const endsAfterStart = next === undefined || next.approvedAt > start;
      if (endsAfterStart) chosen.push(version);
    });
  }
  return chosen.sort((a, b) => a.policyId.localeCompare(b.policyId) || a.version - b.version);
}

export function createAuditPackageRepo(db: Database) {
  return {
    /**
     * Accepted submissions whose request's period covers the date (Type I) or overlaps the window
     * (Type II), reviewed by its end. A submission without a ledger entry cannot be proven and is
     * left out (evidence requests always write one in the submission's transaction).
     */
    async acceptedEvidence(tenantId: string, scope: PackageScope): Promise<AcceptedEvidence[]> {
      const start = scopeStart(scope);
      const end = scopeEnd(scope);
      const rows = await db
        .select({
          submissionId: evidenceSubmissions.id,
          controlCode: evidenceRequests.controlCode,
          evidenceKey: evidenceRequests.evidenceKey,
          title: evidenceRequests.title,
          periodStart: evidenceRequests.periodStart,
          periodEnd: evidenceRequests.periodEnd,
          validUntil: evidenceRequests.validUntil,
          fileName: evidenceSubmissions.fileName,
          contentType: evidenceSubmissions.contentType,
          sizeBytes: evidenceSubmissions.sizeBytes,
          sha256: evidenceSubmissions.sha256,
          storage: evidenceSubmissions.storage,
          storageKey: evidenceSubmissions.storageKey,
          reviewedAt: evidenceSubmissions.reviewedAt,
          ledgerIndex: evidenceArtifacts.index,
        })
        .from(evidenceSubmissions)
        .innerJoin(evidenceRequests, eq(evidenceRequests.id, evidenceSubmissions.requestId))
        .innerJoin(
          evidenceArtifacts,
          and(
            eq(evidenceArtifacts.id, evidenceSubmissions.ledgerArtifactId),
            eq(evidenceArtifacts.tenantId, tenantId),
          ),
        )
        .where(
          and(
            eq(evidenceSubmissions.tenantId, tenantId),
            eq(evidenceSubmissions.review, "accepted"),
            isNotNull(evidenceSubmissions.reviewedAt),
            lte(evidenceSubmissions.reviewedAt, end),
            lte(evidenceRequests.periodStart, end),
          ),
        )
        .orderBy(
          asc(evidenceRequests.controlCode),
          asc(evidenceRequests.evidenceKey),
          asc(evidenceSubmissions.submittedAt),
        );
      // The period ends where the accepted evidence stops being valid, else at the period's end;
      // a `once` request has neither and stays valid. Type I: valid at the date; Type II: valid at some
      // time in the window (the window's start is before the end of validity).
      return rows
        .filter((row) => {
          const until = row.validUntil ?? row.periodEnd;
          return until === null || until > start;
        })
        .map(({ periodEnd: _periodEnd, reviewedAt, ...row }) => ({ ...row, reviewedAt: reviewedAt! }));
    },

    async policyVersionsInForce(tenantId: string, scope: PackageScope): Promise<PolicyVersionInForce[]> {
      const rows = await db
        .select({
          policyId: policies.id,
          key: policies.key,
          title: policies.title,
          version: policyVersions.version,
          body: policyVersions.body,
          sha256: policyVersions.sha256,
          approvedAt: policyVersions.approvedAt,
          ledgerIndex: evidenceArtifacts.index,
        })
        .from(policyVersions)
        .innerJoin(policies, eq(policies.id, policyVersions.policyId))
        .innerJoin(
          evidenceArtifacts,
          and(
            eq(evidenceArtifacts.id, policyVersions.approvalArtifactId),
            eq(evidenceArtifacts.tenantId, tenantId),
          ),
        )
        .where(
          and(
            eq(policyVersions.tenantId, tenantId),
            isNotNull(policyVersions.approvedAt),
            lte(policyVersions.approvedAt, scopeEnd(scope)),
          ),
        );
      return versionsInForce(
        rows.map((row) => ({ ...row, approvedAt: row.approvedAt! })),
        scope,
      );
    },

    /** Acknowledgements of the given versions made by the scope's end, with who made them. */
    async acknowledgements(
      tenantId: string,
      versions: readonly { policyId: string; version: number }[],
      scope: PackageScope,
    ): Promise<(Acknowledgement & { policyId: string; version: number })[]> {
      if (versions.length === 0) return [];
      const policyIds = [...new Set(versions.map((version) => version.policyId))];
      const rows = await db
        .select({
          policyId: policyVersions.policyId,
          version: policyVersions.version,
          userEmail: users.email,
          acknowledgedAt: policyAcknowledgements.acknowledgedAt,
          ledgerIndex: evidenceArtifacts.index,
        })
        .from(policyAcknowledgements)
        .innerJoin(policyVersions, eq(policyVersions.id, policyAcknowledgements.policyVersionId))
        .innerJoin(
          evidenceArtifacts,
          and(
            eq(evidenceArtifacts.id, policyAcknowledgements.ledgerArtifactId),
            eq(evidenceArtifacts.tenantId, tenantId),
          ),
        )
        .leftJoin(users, eq(users.id, policyAcknowledgements.userId))
        .where(
          and(
            eq(policyAcknowledgements.tenantId, tenantId),
            inArray(policyVersions.policyId, policyIds),
            lte(policyAcknowledgements.acknowledgedAt, scopeEnd(scope)),
          ),
        )
        .orderBy(asc(policyAcknowledgements.acknowledgedAt), asc(evidenceArtifacts.index));
      const wanted = new Set(versions.map((version) => `${version.policyId}:${version.version}`));
      return rows
        .filter((row) => wanted.has(`${row.policyId}:${row.version}`))
        .map((row) => ({ ...row, policyVersionKey: `${row.policyId}:${row.version}` }));
    },
  };
}

export type AuditPackageRepo = ReturnType<typeof createAuditPackageRepo>;
