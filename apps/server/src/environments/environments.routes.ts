// Environments (spec: Environment Security): a tenant's list, create, delete, sources and uploaded
// state under /api/tenants/{tenantId}/environments; drift, compare, sync and apply-config under
// /api/env, where the environment's own id says the tenant. Another tenant's environment is a 404
// everywhere, never a 403, so its existence is not disclosed.
import { ErrorBody, Id } from "@rampart/contracts/common";
import {
  ApplyConfigBody,
  ApplyConfigResponse,
  CreateEnvironmentBody,
  DriftFindingList,
  EnvironmentComparison,
  EnvironmentList,
  Environment as EnvironmentSchema,
  PutEnvironmentSourcesBody,
  SyncEnvironmentBody,
  SyncStarted,
} from "@rampart/contracts/environments";
import { TenantParams } from "@rampart/contracts/tenants";
import type { FastifyRequest, onRequestAsyncHookHandler } from "fastify";
import { z } from "zod";
import { currentUser } from "../auth/authenticate.ts";
import { AppError, notFound } from "../errors.ts";
import type { App } from "../http/types.ts";
import type { Permission, TenantAccessService } from "../tenants/tenant-access.ts";
import type { ApplyConfig } from "./apply-config.ts";
import type { EnvironmentSync } from "./environment-sync.ts";
import {
  ENVIRONMENT_NOT_FOUND,
  type EnvironmentRow,
  type EnvironmentsService,
} from "./environments.service.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const EnvironmentParams = z.object({ tenantId: Id, id: Id });
const EnvParams = z.object({ envId: Id });
const CompareQuery = z.object({ targetEnvId: Id.optional() }).strict();
/** A Terraform state upload: the state document itself, as JSON. */
const TerraformStateBody = z.record(z.string(), z.unknown());

/** Largest uploaded Terraform state. */
export const MAX_STATE_UPLOAD_BYTES = 20 * 1024 * 1024;

export function registerEnvironmentRoutes(
  app: App,
  deps: {
    environments: EnvironmentsService;
    sync: Pick<EnvironmentSync, "request">;
    applyConfig: ApplyConfig;
    access: TenantAccessService;
    authenticate: onRequestAsyncHookHandler;
  },
) {
  const { environments, access } = deps;
  const guarded = { onRequest: deps.authenticate };

  /** The environment by its own id, when the caller may `permission` in its tenant; else 404/403. */
  async function environmentFor(
    request: FastifyRequest,
    id: string,
    permission: Permission,
  ): Promise<EnvironmentRow> {
    const row = await environments.find(id);
    if (!row) throw notFound(ENVIRONMENT_NOT_FOUND);
    await access.requireForRecord(row.tenantId, currentUser(request).id, permission, ENVIRONMENT_NOT_FOUND);
    return row;
  }

  app.get(
    "/api/tenants/:tenantId/environments",
    {
      ...guarded,
      schema: { tags: ["environments"], params: TenantParams, response: { 200: EnvironmentList, ...errors } },
    },
    async (request) => {
      await access.require(request.params.tenantId, currentUser(request).id, "read");
      return environments.list(request.params.tenantId);
    },
  );

  app.post(
    "/api/tenants/:tenantId/environments",
    {
      ...guarded,
      schema: {
        tags: ["environments"],
        params: TenantParams,
        body: CreateEnvironmentBody,
        response: { 201: EnvironmentSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { tenantId } = request.params;
      await access.require(tenantId, currentUser(request).id, "write");
      return reply.status(201).send(await environments.create(tenantId, request.body));
    },
  );

  app.delete(
    "/api/tenants/:tenantId/environments/:id",
    {
      ...guarded,
      schema: {
        tags: ["environments"],
        params: EnvironmentParams,
        response: { 200: z.object({ deleted: z.literal(true) }), ...errors },
      },
    },
    async (request) => {
      const { tenantId, id } = request.params;
      await access.require(tenantId, currentUser(request).id, "write");
      await environments.remove(tenantId, id);
      return { deleted: true as const };
    },
  );

  app.put(
    "/api/tenants/:tenantId/environments/:id/sources",
    {
      ...guarded,
      schema: {
        tags: ["environments"],
        params: EnvironmentParams,
        body: PutEnvironmentSourcesBody,
        response: { 200: EnvironmentSchema, 422: ErrorBody, ...errors },
      },
    },
    async (request) => {
      const { tenantId, id } = request.params;
      await access.require(tenantId, currentUser(request).id, "write");
      return environments.putSources(tenantId, id, request.body);
    },
  );

  app.post(
    "/api/tenants/:tenantId/environments/:id/state",
    {
      ...guarded,
      bodyLimit: MAX_STATE_UPLOAD_BYTES,
      schema: {
        tags: ["environments"],
        params: EnvironmentParams,
        body: TerraformStateBody,
        response: { 200: EnvironmentSchema, 413: ErrorBody, ...errors },
      },
    },
    async (request) => {
      const { tenantId, id } = request.params;
      await access.require(tenantId, currentUser(request).id, "write");
      return environments.uploadState(tenantId, id, request.body);
    },
  );

  app.get(
    "/api/env/:envId/drift",
    {
      ...guarded,
      schema: { tags: ["environments"], params: EnvParams, response: { 200: DriftFindingList, ...errors } },
    },
    async (request) => environments.drift(await environmentFor(request, request.params.envId, "read")),
  );

  app.get(
    "/api/env/:envId/compare",
    {
      ...guarded,
      schema: {
        tags: ["environments"],
        params: EnvParams,
        querystring: CompareQuery,
        response: { 200: EnvironmentComparison, ...errors },
      },
    },
    async (request) => {
      const source = await environmentFor(request, request.params.envId, "read");
      const { targetEnvId } = request.query;
      if (!targetEnvId) return environments.compare(source, null);
      const target = await environments.find(targetEnvId);
      // Only an environment of the same tenant compares: another tenant's is not found.
      if (!target || target.tenantId !== source.tenantId) throw notFound(ENVIRONMENT_NOT_FOUND);
      return environments.compare(source, target);
    },
  );

  app.post(
    "/api/env/sync",
    {
      ...guarded,
      schema: {
        tags: ["environments"],
        body: SyncEnvironmentBody,
        response: { 202: SyncStarted, ...errors },
      },
    },
    async (request, reply) => {
      const environment = await environmentFor(request, request.body.environmentId, "scan");
      await deps.sync.request(environment, "manual");
      return reply.status(202).send({ environmentId: environment.id, status: "queued" as const });
    },
  );

  app.post(
    "/api/env/apply-config",
    {
      ...guarded,
      schema: {
        tags: ["environments"],
        body: ApplyConfigBody,
        response: { 200: ApplyConfigResponse, ...errors },
      },
    },
    async (request) => {
      const { sourceEnvId, targetEnvIds, keys } = request.body;
      const source = await environmentFor(request, sourceEnvId, "write");
      const unique = [...new Set(targetEnvIds)];
      if (unique.includes(source.id))
        throw new AppError("bad_request", "An environment cannot be a target of its own configuration");
      const targets: EnvironmentRow[] = [];
      for (const id of unique) {
        const target = await environments.find(id);
        if (!target || target.tenantId !== source.tenantId) throw notFound(ENVIRONMENT_NOT_FOUND);
        targets.push(target);
      }
      return deps.applyConfig.apply(source, targets, keys);
    },
  );
}
