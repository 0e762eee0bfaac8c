// Policies as evidence for the controls they serve, as of a date: a control's policy evidence is
// accepted when a version approved by then is in force and every member (not auditors) had
// acknowledged it by then; submitted while acknowledgements are missing; missing without an
// approved version; expired a year after the approval (policies are reviewed yearly). Memberships
// keep no history of removals: the members are those who had joined by the date and are still members.
import type { Database } from "@rampart/db/client";
import { withDatabaseContext } from "@rampart/db/context";
import { memberships, policies, policyAcknowledgements, policyVersions, users } from "@rampart/db/schema";
import { and, eq, inArray, lte, ne } from "drizzle-orm";
import { versionInForce } from "./policies.service.ts";

export type PolicyEvidenceState = "missing" | "submitted" | "accepted" | "rejected" | "expired";
export interface PolicyEvidence {
  state: PolicyEvidenceState;
  validUntil: Date | null;
  /** The policy owner's e-mail. */
  owner: string | null;
}
export type PolicyEvidenceSource = (tenantId: string, at: Date) => Promise<Map<string, PolicyEvidence>>;

/** Weakest first: where several policies serve one control, the weakest decides. */
const STRENGTH: Record<PolicyEvidenceState, number> = {
  missing: 0,
  expired: 1,
  rejected: 2,
  submitted: 3,
  accepted: 4,
};

/** A policy's yearly review: its approval counts for a year. */
export function reviewDue(approvedAt: Date): Date {
  const due = new Date(approvedAt);
  due.setUTCFullYear(due.getUTCFullYear() + 1);
  return due;
}

/** The state of one policy at `at`, from what had happened by then. Pure. */
export function policyEvidenceState(
  inForce: { approvedAt: Date; acknowledgedBy: ReadonlySet<string> } | undefined,
  members: readonly string[],
  at: Date,
): { state: PolicyEvidenceState; validUntil: Date | null } {
  if (!inForce) return { state: "missing", validUntil: null };
  const validUntil = reviewDue(inForce.approvedAt);
  if (at > validUntil) return { state: "expired", validUntil };
  const everyone = members.every((member) => inForce.acknowledgedBy.has(member));
  return { state: everyone ? "accepted" : "submitted", validUntil };
}

/** The weaker of two pieces of evidence; of equal states, the one that lapses first. */
export function weaker(a: PolicyEvidence, b: PolicyEvidence): PolicyEvidence {
  if (STRENGTH[a.state] !== STRENGTH[b.state]) return STRENGTH[a.state] < STRENGTH[b.state] ? a : b;
  if (a.validUntil && b.validUntil) return a.validUntil <= b.validUntil ? a : b;
  return a.validUntil ? b : a;
}

/**
 * Reads in the tenant's own database context (members are visible only there): callers check the
 * caller's access to the tenant first, as every tenant route does.
 */
export function createPolicyEvidenceSource(db: Database): PolicyEvidenceSource {
  return (tenantId, at) =>
    withDatabaseContext({ kind: "tenant", tenantId }, async () => {
      const rows = await db
        .select({ policy: policies, owner: users.email })
        .from(policies)
        .leftJoin(users, eq(users.id, policies.ownerId))
        .where(eq(policies.tenantId, tenantId));
      if (rows.length === 0) return new Map<string, PolicyEvidence>();
      const approved = await db
        .select({
          id: policyVersions.id,
          policyId: policyVersions.policyId,
          version: policyVersions.version,
          approvedAt: policyVersions.approvedAt,
        })
        .from(policyVersions)
        .where(
          and(
            inArray(
              policyVersions.policyId,
              rows.map((row) => row.policy.id),
            ),
            lte(policyVersions.approvedAt, at),
          ),
        );
      const inForceByPolicy = new Map(
        rows.map((row) => [
          row.policy.id,
          versionInForce(approved.filter((v) => v.policyId === row.policy.id)),
        ]),
      );
      const inForceIds = [...inForceByPolicy.values()].flatMap((version) => (version ? [version.id] : []));
      const acknowledgements =
        inForceIds.length === 0
          ? []
          : await db
              .select({
                versionId: policyAcknowledgements.policyVersionId,
                userId: policyAcknowledgements.userId,
              })
              .from(policyAcknowledgements)
              .where(
                and(
                  inArray(policyAcknowledgements.policyVersionId, inForceIds),
                  lte(policyAcknowledgements.acknowledgedAt, at),
                ),
              );
      const members = (
        await db
          .select({ userId: memberships.userId })
          .from(memberships)
          .where(
            and(
              eq(memberships.tenantId, tenantId),
              ne(memberships.role, "auditor"),
              lte(memberships.createdAt, at),
            ),
          )
      ).map((row) => row.userId);

      const byControl = new Map<string, PolicyEvidence>();
      for (const { policy, owner } of rows) {
        const version = inForceByPolicy.get(policy.id);
        const acknowledgedBy = new Set(
          acknowledgements.filter((ack) => ack.versionId === version?.id).map((ack) => ack.userId),
        );
        const evidence: PolicyEvidence = {
          ...policyEvidenceState(
            version?.approvedAt ? { approvedAt: version.approvedAt, acknowledgedBy } : undefined,
            members,
            at,
          ),
          owner: owner ?? null,
        };
        for (const code of policy.controlCodes) {
          const known = byControl.get(code);
          byControl.set(code, known ? weaker(known, evidence) : evidence);
        }
      }
      return byControl;
    });
}
