// A tenant's own frameworks: one with its requirements (GET /api/tenants/{tenantId}/frameworks/{id}),
// an import from YAML or CSV (POST …/frameworks) and a requirement's mapping to Rampart's controls
// (PUT …/frameworks/{id}/requirements/{requirementId}/controls).
import type { CustomFrameworkDetail } from "@rampart/contracts/audit-workspace";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiSend, buildReadPath } from "../../../lib/api";
import { tenantFrameworksQueryKey } from "./get-compliance";

export function useCustomFramework(tenantId: string, frameworkId: string | null) {
  const key = [...tenantFrameworksQueryKey(tenantId), frameworkId ?? ""] as const;
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => apiGet<CustomFrameworkDetail>(key, { signal }),
    enabled: frameworkId !== null,
  });
}

export interface FrameworkImport {
  format: "yaml" | "csv";
  content: string;
  name?: string;
}

export function useImportFramework(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FrameworkImport) =>
      apiSend<CustomFrameworkDetail>("POST", buildReadPath(tenantFrameworksQueryKey(tenantId)), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tenantFrameworksQueryKey(tenantId) }),
  });
}

export function useMapRequirement(tenantId: string, frameworkId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ requirementId, controlCodes }: { requirementId: string; controlCodes: string[] }) =>
      apiSend<unknown>(
        "PUT",
        `/api/tenants/${tenantId}/frameworks/${frameworkId}/requirements/${encodeURIComponent(requirementId)}/controls`,
        { controlCodes },
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: tenantFrameworksQueryKey(tenantId) }),
        queryClient.invalidateQueries({ queryKey: ["/api/compliance"] }),
      ]),
  });
}
