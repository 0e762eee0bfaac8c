// What the compliance evaluator is told about each control's evidence: per evidence spec, one
// item with its state. Type I (a point in time): evidence accepted by then and still valid then.
// Type II (an observation window): every cadence period overlapping the window needs evidence of
// its own, accepted by the window's end. Policy acknowledgements come from a pluggable source.
import type { EvidenceRequestState } from "@rampart/contracts/evidence-requests";
import type { Database } from "@rampart/db/client";
import { evidenceRequests, evidenceSubmissions, users } from "@rampart/db/schema";
import { type evaluateFramework, listControls } from "@rampart/policy";
import { and, eq, min } from "drizzle-orm";
import { inTenant, POLICY_ACKNOWLEDGEMENTS_RECORD } from "./evidence-requests.service.ts";
import { periodAt, periodsOverlapping } from "./periods.ts";

/** The evaluator's evidence argument. */
export type ControlEvidence = NonNullable<Parameters<typeof evaluateFramework>[3]>[number];
type EvidenceItem = ControlEvidence["items"][number];

/** The live state of each control's policy-acknowledgement evidence, by control code. */
export type PolicyEvidenceSource = (
  tenantId: string,
  at: Date,
) => Promise<Map<string, { state: EvidenceRequestState; validUntil: Date | null; owner: string | null }>>;

export type ComplianceView = { kind: "type1"; at: Date } | { kind: "type2"; from: Date; to: Date };

interface RequestFacts {
  controlCode: string;
  evidenceKey: string;
  state: EvidenceRequestState;
  periodStart: Date;
  periodEnd: Date | null;
  validUntil: Date | null;
  /** When its evidence was accepted; null if never. */
  acceptedAt: Date | null;
  ownerEmail: string | null;
}

const validAt = (request: RequestFacts, at: Date) =>
  request.acceptedAt !== null &&
  request.acceptedAt <= at &&
  (request.validUntil === null || request.validUntil > at);

/**
 * The state a request had at `at`, as far as its row tells: accepted evidence counts from its
 * review until its validity ends; before the review it was at best waiting for review.
 */
function stateAt(request: RequestFacts, at: Date): EvidenceRequestState {
  if (request.acceptedAt !== null && request.acceptedAt <= at)
    return validAt(request, at) ? "accepted" : "expired";
  if (request.acceptedAt !== null) return "submitted";
  return request.state;
}

/** One spec's item at a point in time: valid accepted evidence wins; else the state of the period's request. */
export function itemAt(
  key: string,
  cadence: Parameters<typeof periodAt>[0],
  requests: readonly RequestFacts[],
  at: Date,
): EvidenceItem {
  const valid = requests
    .filter((request) => validAt(request, at))
    .sort((a, b) => (b.validUntil?.getTime() ?? Infinity) - (a.validUntil?.getTime() ?? Infinity))[0];
  const current =
    cadence === "once"
      ? requests.filter((request) => request.periodStart <= at).at(-1)
      : requests.find((request) => request.periodStart.getTime() === periodAt(cadence, at).start.getTime());
  const owner = (current ?? valid)?.ownerEmail ?? null;
  if (valid) {
    return {
      key,
      state: "accepted",
      ...(valid.validUntil ? { validUntil: valid.validUntil.toISOString() } : {}),
      owner,
    };
  }
  return { key, state: current ? stateAt(current, at) : "missing", owner };
}

/** One spec's item over a window: each overlapping period needs its own evidence accepted by `to`. */
export function itemOver(
  key: string,
  cadence: Parameters<typeof periodAt>[0],
  requests: readonly RequestFacts[],
  from: Date,
  to: Date,
): EvidenceItem {
  const accepted = (request: RequestFacts) => request.acceptedAt !== null && request.acceptedAt <= to;
  const uncovered =
    cadence === "once"
      ? requests.some(accepted)
        ? []
        : [requests[0]]
      : periodsOverlapping(cadence, from, to)
          .map((period) => ({
            period,
            request: requests.find((r) => r.periodStart.getTime() === period.start.getTime()),
          }))
          .filter(({ request }) => !request || !accepted(request))
          .map(({ request }) => request);
  const owner = requests.at(-1)?.ownerEmail ?? null;
  if (uncovered.length === 0) return { key, state: "accepted", owner };
  // The first uncovered period: never asked for (missing), or its request's state short of accepted.
  const first = uncovered[0];
  const state: EvidenceRequestState = !first
    ? "missing"
    : first.acceptedAt !== null
      ? "submitted"
      : first.state;
  return { key, state, owner };
}

export function createEvidenceStatus(deps: {
  db: Database;
  ensureRequests: (tenantId: string, at?: Date) => Promise<void>;
  policyEvidence: PolicyEvidenceSource;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

  async function requestFacts(tenantId: string): Promise<RequestFacts[]> {
    const acceptedAt = deps.db
      .select({
        requestId: evidenceSubmissions.requestId,
        at: min(evidenceSubmissions.reviewedAt).as("accepted_at"),
      })
      .from(evidenceSubmissions)
      .where(and(eq(evidenceSubmissions.tenantId, tenantId), eq(evidenceSubmissions.review, "accepted")))
      .groupBy(evidenceSubmissions.requestId)
      .as("accepted");
    const rows = await deps.db
      .select({
        controlCode: evidenceRequests.controlCode,
        evidenceKey: evidenceRequests.evidenceKey,
        state: evidenceRequests.state,
        periodStart: evidenceRequests.periodStart,
        periodEnd: evidenceRequests.periodEnd,
        validUntil: evidenceRequests.validUntil,
        acceptedAt: acceptedAt.at,
        ownerEmail: users.email,
      })
      .from(evidenceRequests)
      .leftJoin(acceptedAt, eq(acceptedAt.requestId, evidenceRequests.id))
      .leftJoin(users, eq(users.id, evidenceRequests.ownerId))
      .where(and(eq(evidenceRequests.tenantId, tenantId), eq(evidenceRequests.source, "control")))
      .orderBy(evidenceRequests.periodStart);
    return rows.map((row) => ({ ...row, acceptedAt: row.acceptedAt ? new Date(row.acceptedAt) : null }));
  }

  return {
    /** Every organizational control's evidence items for the view. */
    controlEvidence: inTenant(async (tenantId: string, view: ComplianceView): Promise<ControlEvidence[]> => {
      const reference = view.kind === "type1" ? view.at : view.to;
      // The current state is kept fresh: expiries and the period's new requests happen on the way.
      if (reference.getTime() >= now().getTime() - 60_000) await deps.ensureRequests(tenantId, now());
      const [facts, policies] = await Promise.all([
        requestFacts(tenantId),
        deps.policyEvidence(tenantId, reference),
      ]);
      const byKey = new Map<string, RequestFacts[]>();
      for (const request of facts) {
        const key = `${request.controlCode}\u0000${request.evidenceKey}`;
        byKey.set(key, [...(byKey.get(key) ?? []), request]);
      }
      return listControls()
        .filter((control) => control.evidence.length > 0)
        .map((control) => ({
          code: control.code,
          items: control.evidence.map((spec): EvidenceItem => {
            if (spec.record === POLICY_ACKNOWLEDGEMENTS_RECORD) {
              const live = policies.get(control.code);
              if (!live) return { key: spec.key, state: "missing", owner: null };
              return {
                key: spec.key,
                state: live.state,
                ...(live.validUntil ? { validUntil: live.validUntil.toISOString() } : {}),
                owner: live.owner,
              };
            }
            const requests = byKey.get(`${control.code}\u0000${spec.key}`) ?? [];
            return view.kind === "type1"
              ? itemAt(spec.key, spec.cadence, requests, view.at)
              : itemOver(spec.key, spec.cadence, requests, view.from, view.to);
          }),
        }));
    }),
  };
}

export type EvidenceStatus = ReturnType<typeof createEvidenceStatus>;
