// Controls with their pass/fail counts (GET /api/tenants/{tenantId}/controls?type=) and one
// control's latest findings (GET /api/controls/{controlId}/findings?tenantId=) for the drawer.
import type { ControlFindings, ControlStatusRow } from "@rampart/contracts/controls";
import { useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api";

export type ControlType = "all" | "iac" | "pipeline" | "env" | "secrets";

export function controlsQueryKey(tenantId: string, type: ControlType) {
  return ["/api/tenants", tenantId, "controls", { type }] as const;
}

export function useControls(tenantId: string | null, type: ControlType) {
  return useQuery({
    queryKey: controlsQueryKey(tenantId ?? "", type),
    queryFn: ({ signal }) => apiGet<ControlStatusRow[]>(controlsQueryKey(tenantId ?? "", type), { signal }),
    enabled: tenantId !== null,
  });
}

export function controlFindingsQueryKey(controlId: string, tenantId: string) {
  return ["/api/controls", controlId, "findings", { tenantId }] as const;
}

export function useControlFindings(controlId: string | null, tenantId: string) {
  return useQuery({
    queryKey: controlFindingsQueryKey(controlId ?? "", tenantId),
    queryFn: ({ signal }) =>
      apiGet<ControlFindings>(controlFindingsQueryKey(controlId ?? "", tenantId), { signal }),
    enabled: controlId !== null,
  });
}
