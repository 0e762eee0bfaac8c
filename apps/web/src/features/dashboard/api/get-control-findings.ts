// A control's findings in the latest run of each repository, failed and passed
// (GET /api/controls/{controlId}/findings?tenantId=), for the Control Detail modal.
import type { ControlFindings } from "@rampart/contracts/controls";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api";

export function controlFindingsQueryKey(controlId: string, tenantId: string) {
  return ["/api/controls", controlId, "findings", { tenantId }] as const;
}

export function controlFindingsQueryOptions(controlId: string, tenantId: string) {
  return queryOptions({
    queryKey: controlFindingsQueryKey(controlId, tenantId),
    queryFn: ({ signal }) =>
      apiGet<ControlFindings>(controlFindingsQueryKey(controlId, tenantId), { signal }),
  });
}

export function useControlFindings(controlId: string | null, tenantId: string) {
  return useQuery({ ...controlFindingsQueryOptions(controlId ?? "", tenantId), enabled: controlId !== null });
}
