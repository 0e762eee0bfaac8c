// A control's findings in the latest run of each repository, each with whether a fix pull request
// can be opened for it (GET /api/controls/{controlId}/findings?tenantId=), for the fix flow that
// the control drawer's `/pr-bot?action=fix&control=` link opens.
import type { ControlFindings } from "@rampart/contracts/controls";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api";

export function controlFindingsQueryKey(controlId: string, tenantId: string) {
  return ["/api/controls", controlId, "findings", { tenantId }] as const;
}

export function useControlFindings(controlId: string, tenantId: string | null) {
  return useQuery(
    queryOptions({
      queryKey: controlFindingsQueryKey(controlId, tenantId ?? ""),
      queryFn: ({ signal }) =>
        apiGet<ControlFindings>(controlFindingsQueryKey(controlId, tenantId ?? ""), { signal }),
      enabled: tenantId !== null,
    }),
  );
}
