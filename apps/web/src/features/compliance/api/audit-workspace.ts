// The auditor's workspace: samples (GET/POST /api/tenants/{tenantId}/audit-samples), custom
// frameworks (POST /api/tenants/{tenantId}/frameworks to import, GET …/frameworks/{id} for its
// requirements, PUT …/requirements/{requirementId}/controls to map one) and the audit package link.
import type { AuditSample, CustomFrameworkDetail } from "@rampart/contracts/audit-workspace";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiGet, apiSend, buildReadPath } from "../../../lib/api";
import type { AuditPeriodQuery } from "../audit-period";
import { tenantFrameworksQueryKey } from "./get-compliance";

export const samplesKey = (tenantId: string) => ["/api/tenants", tenantId, "audit-samples"] as const;

export function useAuditSamples(tenantId: string) {
  return useQuery({
    queryKey: samplesKey(tenantId),
    queryFn: ({ signal }) => apiGet<AuditSample[]>(samplesKey(tenantId), { signal }),
  });
}

export interface SampleRequest {
  population: AuditSample["population"];
  windowStart: string;
  windowEnd: string;
  size: number;
  seed?: string;
}

export function useCreateSample(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SampleRequest) =>
      apiSend<AuditSample>("POST", buildReadPath(samplesKey(tenantId)), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: samplesKey(tenantId) }),
  });
}

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

/** The signed audit package of a framework for a period: a zip the browser downloads. */
export function auditPackageUrl(tenantId: string, framework: string, period: AuditPeriodQuery): string {
  return buildReadPath(["/api/tenants", tenantId, "audit-package", { framework, ...period }]);
}
