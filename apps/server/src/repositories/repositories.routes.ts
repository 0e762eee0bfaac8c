// A tenant's repositories: list, register (git URL or an allowed local path), change, remove.
// Removing archives the repository (repositories.repo.ts): its runs and findings stay, and
// registering the same name again restores it. The checks live in repositories.service.ts.
import { ErrorBody } from "@rampart/contracts/common";
import {
  CreateRepositoryBody,
  RepositoryList,
  RepositoryParams,
  Repository as RepositorySchema,
  UpdateRepositoryBody,
} from "@rampart/contracts/repositories";
import { TenantParams } from "@rampart/contracts/tenants";
import type { onRequestAsyncHookHandler } from "fastify";
import { z } from "zod";
import { currentUser } from "../auth/authenticate.ts";
import type { App } from "../http/types.ts";
import type { TenantAccessService } from "../tenants/tenant-access.ts";
import type { RepositoriesService } from "./repositories.service.ts";

export { DEFAULT_SCAN_SCHEDULE, toRepository } from "./repositories.service.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export function registerRepositoryRoutes(
  app: App,
  deps: {
    repositories: RepositoriesService;
    access: TenantAccessService;
    authenticate: onRequestAsyncHookHandler;
  },
) {
  const { repositories, access } = deps;
  const guarded = { onRequest: deps.authenticate };

  app.get(
    "/api/tenants/:tenantId/repositories",
    {
      ...guarded,
      schema: { tags: ["repositories"], params: TenantParams, response: { 200: RepositoryList, ...errors } },
    },
    async (request) => {
      await access.require(request.params.tenantId, currentUser(request).id, "read");
      return repositories.list(request.params.tenantId);
    },
  );

  app.post(
    "/api/tenants/:tenantId/repositories",
    {
      ...guarded,
      schema: {
        tags: ["repositories"],
        params: TenantParams,
        body: CreateRepositoryBody,
        response: { 201: RepositorySchema, ...errors },
      },
    },
    async (request, reply) => {
      const { tenantId } = request.params;
      await access.require(tenantId, currentUser(request).id, "write");
      return reply.status(201).send(await repositories.register(tenantId, request.body));
    },
  );

  app.patch(
    "/api/tenants/:tenantId/repositories/:repositoryId",
    {
      ...guarded,
      schema: {
        tags: ["repositories"],
        params: RepositoryParams,
        body: UpdateRepositoryBody,
        response: { 200: RepositorySchema, ...errors },
      },
    },
    async (request) => {
      const { tenantId, repositoryId } = request.params;
      await access.require(tenantId, currentUser(request).id, "write");
      return repositories.update(tenantId, repositoryId, request.body);
    },
  );

  app.delete(
    "/api/tenants/:tenantId/repositories/:repositoryId",
    {
      ...guarded,
      schema: {
        tags: ["repositories"],
        params: RepositoryParams,
        response: { 200: z.object({ deleted: z.literal(true) }), ...errors },
      },
    },
    async (request) => {
      const { tenantId, repositoryId } = request.params;
      await access.require(tenantId, currentUser(request).id, "write");
      await repositories.remove(tenantId, repositoryId);
      return { deleted: true as const };
    },
  );
}
