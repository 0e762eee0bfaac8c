// Dismissing a finding creates a waiver; waivers are listed and can be revoked. All recorded.
// Under four-eyes approval a waiver is requested by one person and approved by another.
import { ErrorBody } from "@rampart/contracts/common";
import { CreateWaiverBody, Waiver } from "@rampart/contracts/runs";
import { TenantParams } from "@rampart/contracts/tenants";
import type { onRequestAsyncHookHandler } from "fastify";
import { z } from "zod";
import { currentUser } from "../auth/authenticate.ts";
import type { App } from "../http/types.ts";
import type { TenantAccessService } from "../tenants/tenant-access.ts";
import type { WaiversService } from "./waivers.service.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

export function registerWaiverRoutes(
  app: App,
  deps: { waivers: WaiversService; access: TenantAccessService; authenticate: onRequestAsyncHookHandler },
) {
  const { waivers, access } = deps;
  const guarded = { onRequest: deps.authenticate };

  app.get(
    "/api/tenants/:tenantId/waivers",
    {
      ...guarded,
      schema: { tags: ["findings"], params: TenantParams, response: { 200: z.array(Waiver), ...errors } },
    },
    async (request) => {
      // Risk acceptances are evidence (no code in them): an auditor may read them.
      await access.require(request.params.tenantId, currentUser(request).id, "evidence");
      return waivers.list(request.params.tenantId);
    },
  );

  app.post(
    "/api/tenants/:tenantId/waivers",
    {
      ...guarded,
      schema: {
        tags: ["findings"],
        params: TenantParams,
        body: CreateWaiverBody,
        response: { 201: Waiver, ...errors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { tenant, role } = await access.require(request.params.tenantId, user.id, "write");
      const approval = {
        role: role === "admin" ? ("admin" as const) : ("member" as const),
        fourEyes: tenant.fourEyesWaivers,
      };
      return reply
        .status(201)
        .send(await waivers.create(request.params.tenantId, user, request.body, approval));
    },
  );

  app.post(
    "/api/tenants/:tenantId/waivers/:waiverId/approve",
    {
      ...guarded,
      schema: {
        tags: ["findings"],
        params: TenantParams.extend({ waiverId: z.uuid() }),
        response: { 200: Waiver, 409: ErrorBody, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await access.require(request.params.tenantId, user.id, "write");
      return waivers.approve(request.params.tenantId, request.params.waiverId, user);
    },
  );

  app.delete(
    "/api/tenants/:tenantId/waivers/:waiverId",
    {
      ...guarded,
      schema: {
        tags: ["findings"],
        params: TenantParams.extend({ waiverId: z.uuid() }),
        response: { 200: Waiver, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await access.require(request.params.tenantId, user.id, "write");
      return waivers.revoke(request.params.tenantId, request.params.waiverId, user.email);
    },
  );
}
