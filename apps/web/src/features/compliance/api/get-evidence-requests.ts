// A tenant's evidence requests (GET /api/tenants/{tenantId}/evidence-requests?state=&mine=), one
// with its submissions and thread (GET …/evidence-requests/{requestId}), and the caller's
// reminders (GET /api/tenants/{tenantId}/evidence-reminders).
import type {
  EvidenceReminderList,
  EvidenceRequestDetail,
  EvidenceRequestList,
  EvidenceRequestState,
} from "@rampart/contracts/evidence-requests";
import { useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api";

export interface EvidenceRequestFilter {
  state?: EvidenceRequestState | undefined;
  mine?: boolean | undefined;
}

/** Every evidence-request query of a tenant starts with this key, so one invalidation refreshes all. */
export const evidenceRequestsKey = (tenantId: string) =>
  ["/api/tenants", tenantId, "evidence-requests"] as const;

export const evidenceRemindersKey = (tenantId: string) =>
  ["/api/tenants", tenantId, "evidence-reminders"] as const;

export function useEvidenceRequests(tenantId: string, filter: EvidenceRequestFilter) {
  const key = [
    ...evidenceRequestsKey(tenantId),
    { state: filter.state, mine: filter.mine ? "true" : undefined },
  ] as const;
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => apiGet<EvidenceRequestList>(key, { signal }),
  });
}

export function useEvidenceRequest(tenantId: string, requestId: string) {
  const key = [...evidenceRequestsKey(tenantId), requestId] as const;
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => apiGet<EvidenceRequestDetail>(key, { signal }),
  });
}

export function useEvidenceReminders(tenantId: string | null) {
  return useQuery({
    queryKey: evidenceRemindersKey(tenantId ?? ""),
    queryFn: ({ signal }) => apiGet<EvidenceReminderList>(evidenceRemindersKey(tenantId ?? ""), { signal }),
    enabled: tenantId !== null,
  });
}

/** Where a submission's file downloads from (an attachment; the server checks its hash on read). */
export function submissionFileUrl(tenantId: string, requestId: string, submissionId: string): string {
  return `/api/tenants/${tenantId}/evidence-requests/${requestId}/submissions/${submissionId}/file`;
}
