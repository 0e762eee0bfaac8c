// Tenant management (spec part 1, §7): list, read, settings, auditor access, delete; plus create
// and erase. "Delete Tenant" closes the tenant (its ledger stays verifiable); erasure is a
// separate request, confirmed by typing the name, that leaves a signed record in the instance log.
import { ErrorBody } from "@rampart/contracts/common";
import {
  AuditorAccessBody,
  CreateTenantBody,
  DeleteTenantResponse,
  EraseTenantBody,
  EraseTenantResponse,
  Tenant,
  TenantList,
  TenantParams,
  TenantSettingsBody,
} from "@rampart/contracts/tenants";
import type { onRequestAsyncHookHandler } from "fastify";
import { currentUser } from "../auth/authenticate.ts";
import { AppError, notFound } from "../errors.ts";
import type { App } from "../http/types.ts";
import { TENANT_NOT_FOUND, type TenantAccessService } from "./tenant-access.ts";
import type { TenantErasure } from "./tenant-erasure.ts";
import type { RoleName, TenantRow, TenantsRepo } from "./tenants.repo.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

export function toTenant(row: TenantRow, role: RoleName | null): Tenant {
  return {
    id: row.id,
    name: row.name,
    githubInstallationId: row.githubInstallationId,
    auditorAccessEnabled: row.auditorAccessEnabled,
    fourEyesWaivers: row.fourEyesWaivers,
    prGateSeverity: row.prGateSeverity,
    isDemo: row.isDemo,
    role,
    createdAt: row.createdAt.toISOString(),
  };
}

export function registerTenantRoutes(
  app: App,
  deps: {
    repo: TenantsRepo;
    access: TenantAccessService;
    erasure: TenantErasure;
    authenticate: onRequestAsyncHookHandler;
    now?: () => Date;
  },
) {
  const now = deps.now ?? (() => new Date());
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
      const { tenant, role } = await access.require(
        request.params.tenantId,
        currentUser(request).id,
        "tenant",
      );
      return toTenant(tenant, role);
    },
  );

  async function updateSettings(tenantId: string, userId: string, settings: TenantSettingsBody) {
    const { role } = await access.require(tenantId, userId, "admin");
    const updated = await repo.updateSettings(tenantId, settings);
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
    (request) => updateSettings(request.params.tenantId, currentUser(request).id, request.body),
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
    (request) =>
      updateSettings(request.params.tenantId, currentUser(request).id, {
        auditorAccessEnabled: request.body.enabled,
      }),
  );

  app.delete(
    "/api/tenants/:tenantId",
    {
      ...guarded,
      schema: { tags: ["tenants"], params: TenantParams, response: { 200: DeleteTenantResponse, ...errors } },
    },
    async (request) => {
      const { tenant } = await access.require(request.params.tenantId, currentUser(request).id, "admin");
      await repo.close(tenant.id, now());
      return { deleted: true as const, id: tenant.id };
    },
  );

  app.post(
    "/api/tenants/:tenantId/erase",
    {
      ...guarded,
      schema: {
        tags: ["tenants"],
        params: TenantParams,
        body: EraseTenantBody,
        response: { 200: EraseTenantResponse, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      // A closed tenant can still be erased: closing first is the usual way there.
      const { tenant } = await access.require(request.params.tenantId, user.id, "admin", {
        evenIfClosed: true,
      });
      if (request.body.confirmName !== tenant.name)
        throw new AppError("bad_request", "Type the organization's name exactly to confirm the erasure");
      const record = await deps.erasure.erase(tenant, {
        kind: "request",
        userId: user.id,
        email: user.email,
      });
      // Another request erased it between the check and the erasure.
      if (!record) throw notFound(TENANT_NOT_FOUND);
      return { erased: true as const, id: tenant.id, recordIndex: record.index, recordHash: record.hash };
    },
  );
}
