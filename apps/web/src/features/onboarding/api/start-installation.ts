// "Install on GitHub": the organization named in step 1 (the user's own, as its admin, or a new
// one), then the App's installation page with a state the server signed for this user and tenant
// (POST /api/tenants/{tenantId}/github/install-link).
import type { Tenant } from "@rampart/contracts/tenants";
import { useMutation } from "@tanstack/react-query";
import { apiGet, apiSend } from "../../../lib/api";
import { tenantsQueryKey } from "../../../session/api/get-tenants";

export interface InstallationStart {
  tenantId: string;
  url: string;
}

export async function startInstallation(organizationName: string): Promise<InstallationStart> {
  const tenants = await apiGet<Tenant[]>(tenantsQueryKey);
  const own = tenants.find(
    (tenant) => tenant.name === organizationName && tenant.role === "admin" && !tenant.isDemo,
  );
  const tenant = own ?? (await apiSend<Tenant>("POST", "/api/tenants", { name: organizationName }));
  const link = await apiSend<{ url: string }>("POST", `/api/tenants/${tenant.id}/github/install-link`);
  return { tenantId: tenant.id, url: link.url };
}

export function useStartInstallation() {
  return useMutation({ mutationFn: startInstallation });
}
