// Tenant management (spec part 1, §7): list, read, settings, auditor access, delete; plus create.
import { ErrorBody } from "@rampart/contracts/common";
import {
  AuditorAccessBody,
  CreateTenantBody,
  DeleteTenantResponse,
  Tenant,
  TenantList,
  TenantParams,
  TenantSettingsBody,
} from "@rampart/contracts/tenants";
import type { onRequestAsyncHookHandler } from "fastify";
import { currentUser } from "../auth/authenticate.ts";
import type { App } from "../http/types.ts";
import type { TenantAccessService } from "./tenant-access.ts";
import type { RoleName, TenantRow, TenantsRepo } from "./tenants.repo.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

export function toTenant(row: TenantRow, role: RoleName | null): Tenant {
  return {
    id: row.id,
    name: row.name,
    githubInstallationId: row.githubInstallationId,
    auditorAccessEnabled: row.auditorAccessEnabled,
    isDemo: row.isDemo,
    role,
    createdAt: row.createdAt.toISOString(),
  };
}

export function registerTenantRoutes(
  app: App,
  deps: { repo: TenantsRepo; access: TenantAccessService; authenticate: onRequestAsyncHookHandler },
) {
  const { repo, access } = deps;
  const guarded = { onRequest: deps.authenticate };

  app.get(
    "/api/tenants",
    { ...guarded, schema: { tags: ["tenants"], response: { 200: TenantList, ...errors } } },
    async (request) => {
      const rows = await repo.listForUser(currentUser(request).id);
      return rows.map(({ tenant, role }) => toTenant(tenant, role));
    },
  );

  app.post(
    "/api/tenants",
    {
      ...guarded,
      schema: { tags: ["tenants"], body: CreateTenantBody, response: { 201: Tenant, ...errors } },
    },
    async (request, reply) => {
      const tenant = await repo.createWithAdmin(request.body.name, currentUser(request).id);
      return reply.status(201).send(toTenant(tenant, "admin"));
    },
  );

  app.get(
    "/api/tenants/:tenantId",
    { ...guarded, schema: { tags: ["tenants"], params: TenantParams, response: { 200: Tenant, ...errors } } },
    async (request) => {
      const { tenant, role } = await access.require(request.params.tenantId, currentUser(request).id, "read");
      return toTenant(tenant, role);
    },
  );

  async function setAuditorAccess(tenantId: string, userId: string, enabled: boolean) {
    const { role } = await access.require(tenantId, userId, "admin");
    const updated = await repo.setAuditorAccess(tenantId, enabled);
    return toTenant(updated!, role);
  }

  app.patch(
    "/api/tenants/:tenantId/settings",
    {
      ...guarded,
      schema: {
        tags: ["tenants"],
        params: TenantParams,
        body: TenantSettingsBody,
        response: { 200: Tenant, ...errors },
      },
    },
    (request) =>
      setAuditorAccess(request.params.tenantId, currentUser(request).id, request.body.auditorAccessEnabled),
  );

  app.patch(
    "/api/tenants/:tenantId/auditor-access",
    {
      ...guarded,
      schema: {
        tags: ["tenants"],
        params: TenantParams,
        body: AuditorAccessBody,
        response: { 200: Tenant, ...errors },
      },
    },
    (request) => setAuditorAccess(request.params.tenantId, currentUser(request).id, request.body.enabled),
  );

  app.delete(
    "/api/tenants/:tenantId",
    {
      ...guarded,
      schema: { tags: ["tenants"], params: TenantParams, response: { 200: DeleteTenantResponse, ...errors } },
    },
    async (request) => {
      const { tenant } = await access.require(request.params.tenantId, currentUser(request).id, "admin");
      await repo.delete(tenant.id);
      return { deleted: true as const, id: tenant.id };
    },
  );
}
