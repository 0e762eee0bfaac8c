// A tenant's frameworks: the selector's list (shipped and own) and one of its own for whoever reads
// evidence; importing, remapping and deleting for admins.
import {
  CustomFrameworkDetail,
  CustomFrameworkParams,
  CustomRequirement,
  CustomRequirementParams,
  ImportFrameworkBody,
  MapRequirementBody,
  TenantFrameworkList,
} from "@rampart/contracts/audit-workspace";
import { ErrorBody, Ok } from "@rampart/contracts/common";
import { TenantParams } from "@rampart/contracts/tenants";
import type { onRequestAsyncHookHandler } from "fastify";
import { currentUser } from "../auth/authenticate.ts";
import type { App } from "../http/types.ts";
import type { TenantAccessService } from "../tenants/tenant-access.ts";
import type { CustomFrameworksService } from "./custom-frameworks.service.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export function registerCustomFrameworkRoutes(
  app: App,
  deps: {
    frameworks: CustomFrameworksService;
    access: TenantAccessService;
    authenticate: onRequestAsyncHookHandler;
  },
) {
  const { frameworks, access } = deps;
  const guarded = { onRequest: deps.authenticate };

  app.get(
    "/api/tenants/:tenantId/frameworks",
    {
      ...guarded,
      schema: {
        tags: ["compliance"],
        params: TenantParams,
        response: { 200: TenantFrameworkList, ...errors },
      },
    },
    async (request) => {
      await access.require(request.params.tenantId, currentUser(request).id, "evidence");
      return frameworks.list(request.params.tenantId);
    },
  );

  app.post(
    "/api/tenants/:tenantId/frameworks",
    {
      ...guarded,
      config: { audit: { action: "framework.import" } },
      schema: {
        tags: ["compliance"],
        params: TenantParams,
        body: ImportFrameworkBody,
        response: { 201: CustomFrameworkDetail, ...errors },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await access.require(request.params.tenantId, user.id, "admin");
      return reply.status(201).send(await frameworks.import(request.params.tenantId, user, request.body));
    },
  );

  app.get(
    "/api/tenants/:tenantId/frameworks/:frameworkId",
    {
      ...guarded,
      schema: {
        tags: ["compliance"],
        params: CustomFrameworkParams,
        response: { 200: CustomFrameworkDetail, ...errors },
      },
    },
    async (request) => {
      await access.require(request.params.tenantId, currentUser(request).id, "evidence");
      return frameworks.get(request.params.tenantId, request.params.frameworkId);
    },
  );

  app.delete(
    "/api/tenants/:tenantId/frameworks/:frameworkId",
    {
      ...guarded,
      config: { audit: { action: "framework.delete" } },
      schema: { tags: ["compliance"], params: CustomFrameworkParams, response: { 200: Ok, ...errors } },
    },
    async (request) => {
      await access.require(request.params.tenantId, currentUser(request).id, "admin");
      await frameworks.remove(request.params.tenantId, request.params.frameworkId);
      return { ok: true as const };
    },
  );

  app.put(
    "/api/tenants/:tenantId/frameworks/:frameworkId/requirements/:requirementId/controls",
    {
      ...guarded,
      config: { audit: { action: "framework.requirement.map" } },
      schema: {
        tags: ["compliance"],
        params: CustomRequirementParams,
        body: MapRequirementBody,
        response: { 200: CustomRequirement, ...errors },
      },
    },
    async (request) => {
      await access.require(request.params.tenantId, currentUser(request).id, "admin");
      const { tenantId, frameworkId, requirementId } = request.params;
      return frameworks.mapRequirement(tenantId, frameworkId, requirementId, request.body.controlCodes);
    },
  );
}
