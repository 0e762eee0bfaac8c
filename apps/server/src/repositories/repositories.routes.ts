// A tenant's repositories: list, register (git URL or an allowed local path), remove. Removing
// archives the repository (repositories.repo.ts): its runs and findings stay, and registering the
// same name again restores it.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { isGitUrl, repositoryNameOf } from "@rampart/checkout";
import { ErrorBody } from "@rampart/contracts/common";
import {
  CreateRepositoryBody,
  type Repository,
  RepositoryList,
  RepositoryParams,
  Repository as RepositorySchema,
} from "@rampart/contracts/repositories";
import { TenantParams } from "@rampart/contracts/tenants";
import { isUniqueViolation } from "@rampart/db/errors";
import type { onRequestAsyncHookHandler } from "fastify";
import { z } from "zod";
import { currentUser } from "../auth/authenticate.ts";
import { AppError, notFound } from "../errors.ts";
import type { App } from "../http/types.ts";
import type { ScanService } from "../runs/scan.service.ts";
import type { TenantAccessService } from "../tenants/tenant-access.ts";
import type { RepositoriesRepo, RepositoryRow } from "./repositories.repo.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
export const DEFAULT_SCAN_SCHEDULE = "0 4 * * *";

/** `file:///srv/repo.git` → `/srv/repo.git`; null for a malformed one (`file://host/…`). */
function fileUrlPath(url: string): string | null {
  try {
    return fileURLToPath(url);
  } catch {
    return null;
  }
}

export function toRepository(row: RepositoryRow): Repository {
  return {
    id: row.id,
    tenantId: row.tenantId,
    name: row.name,
    source: row.source,
    location: row.location,
    defaultBranch: row.defaultBranch,
    scanSchedule: row.scanSchedule,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A local path is allowed only inside a configured root: tenants must not read the server's files. */
export function localPathAllowed(location: string, roots: readonly string[]): boolean {
  const resolved = path.resolve(location);
  return roots.some((root) => resolved === root || resolved.startsWith(`${root}${path.sep}`));
}

export function registerRepositoryRoutes(
  app: App,
  deps: {
    repo: RepositoriesRepo;
    scans: ScanService;
    access: TenantAccessService;
    authenticate: onRequestAsyncHookHandler;
    localRepositoryRoots: readonly string[];
  },
) {
  const { repo, access } = deps;
  const guarded = { onRequest: deps.authenticate };

  app.get(
    "/api/tenants/:tenantId/repositories",
    {
      ...guarded,
      schema: { tags: ["repositories"], params: TenantParams, response: { 200: RepositoryList, ...errors } },
    },
    async (request) => {
      await access.require(request.params.tenantId, currentUser(request).id, "read");
      return (await repo.list(request.params.tenantId)).map(toRepository);
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
      const { location } = request.body;
      const outsideRoots = new AppError(
        "bad_request",
        "body.location: local paths are allowed only under LOCAL_REPOSITORY_ROOTS on a self-hosted install",
      );
      let source: "git" | "local";
      if (isGitUrl(location)) {
        // A file:// URL reads the server's disk as a path does: the same roots apply.
        if (location.startsWith("file://")) {
          const local = fileUrlPath(location);
          if (!local || !localPathAllowed(local, deps.localRepositoryRoots)) throw outsideRoots;
        }
        source = "git";
      } else if (path.isAbsolute(location)) {
        if (!localPathAllowed(location, deps.localRepositoryRoots)) throw outsideRoots;
        source = "local";
      } else {
        throw new AppError(
          "bad_request",
          "body.location: expected a git URL (https://, ssh://, git@host:owner/repo) or an absolute path",
        );
      }
      const schedule = request.body.scanSchedule;
      const scheduleProblem = schedule ? deps.scans.scheduleProblem(schedule) : undefined;
      if (scheduleProblem) throw new AppError("bad_request", `body.scanSchedule: ${scheduleProblem}`);
      const wanted = {
        tenantId,
        name: request.body.name ?? repositoryNameOf(location),
        source,
        location: source === "local" ? path.resolve(location) : location,
        defaultBranch: request.body.defaultBranch ?? null,
        scanSchedule:
          request.body.scanSchedule === undefined ? DEFAULT_SCAN_SCHEDULE : request.body.scanSchedule,
      };
      try {
        const row = (await repo.restore(wanted)) ?? (await repo.insert(wanted));
        await deps.scans.syncSchedule(row);
        return reply.status(201).send(toRepository(row));
      } catch (error) {
        if (isUniqueViolation(error))
          throw new AppError("conflict", "A repository with this name already exists");
        throw error;
      }
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
      const row = await repo.find(tenantId, repositoryId);
      if (!row) throw notFound("Repository not found");
      await repo.archive(tenantId, repositoryId, new Date());
      await deps.scans.syncSchedule({ ...row, scanSchedule: null });
      return { deleted: true as const };
    },
  );
}
