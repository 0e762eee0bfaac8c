// An auditor's samples of a tenant: listed by whoever reads evidence, drawn by auditors (while
// auditor access is on) and admins.
import { AuditSample, AuditSampleList, CreateSampleBody } from "@rampart/contracts/audit-workspace";
import { ErrorBody } from "@rampart/contracts/common";
import { TenantParams } from "@rampart/contracts/tenants";
import type { onRequestAsyncHookHandler } from "fastify";
import { currentUser } from "../auth/authenticate.ts";
import type { App } from "../http/types.ts";
import type { TenantAccessService } from "../tenants/tenant-access.ts";
import type { AuditSamplesService } from "./audit-samples.service.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

export function registerAuditSampleRoutes(
  app: App,
  deps: {
    samples: AuditSamplesService;
    access: TenantAccessService;
    authenticate: onRequestAsyncHookHandler;
  },
) {
  const { samples, access } = deps;
  const guarded = { onRequest: deps.authenticate };

  app.get(
    "/api/tenants/:tenantId/audit-samples",
    {
      ...guarded,
      schema: { tags: ["audit"], params: TenantParams, response: { 200: AuditSampleList, ...errors } },
    },
    async (request) => {
      await access.require(request.params.tenantId, currentUser(request).id, "evidence");
      return samples.list(request.params.tenantId);
    },
  );

  app.post(
    "/api/tenants/:tenantId/audit-samples",
    {
      ...guarded,
      config: { audit: { action: "audit-sample.create" } },
      schema: {
        tags: ["audit"],
        params: TenantParams,
        body: CreateSampleBody,
        response: { 201: AuditSample, ...errors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await access.require(request.params.tenantId, user.id, "audit");
      const sample = await samples.create(
        request.params.tenantId,
        { id: user.id, email: user.email },
        request.body,
      );
      return reply.status(201).send(sample);
    },
  );
}
