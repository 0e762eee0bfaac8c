// Registering and changing a tenant's repositories, with every check that keeps the server from
// being turned against its own network: a git location must pass the network policy (resolved
// now, and again at every fetch), credentials travel only as an encrypted secret, schedules have
// a minimum interval, and a tenant has a bounded number of repositories.
import path from "node:path";
import {
  isGitUrl,
  localRepositoryName,
  type NetworkPolicy,
  parseGitLocation,
  pathInsideRoots,
  repositoryNameOf,
  resolveFetchTarget,
} from "@rampart/checkout";
import type { CreateRepositoryBody, Repository, UpdateRepositoryBody } from "@rampart/contracts/repositories";
import { isUniqueViolation } from "@rampart/db/errors";
import { UPLOADED_ONLY } from "../code-host/code-host.ts";
import { AppError, notFound } from "../errors.ts";
import type { ScanService } from "../runs/scan.service.ts";
import type { RepositoriesRepo, RepositoryRow } from "./repositories.repo.ts";
import type { RepositoryCredentials } from "./repository-credentials.ts";
import { scheduleTooFrequent } from "./schedule-interval.ts";

export const DEFAULT_SCAN_SCHEDULE = "0 4 * * *";

export function toRepository(row: RepositoryRow): Repository {
  return {
    id: row.id,
    tenantId: row.tenantId,
    name: row.name,
    source: row.source,
    location: row.location,
    defaultBranch: row.defaultBranch,
    scanSchedule: row.scanSchedule,
    hasCredential: row.credential !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

const bad = (field: string, message: string) => new AppError("bad_request", `body.${field}: ${message}`);

export function createRepositoriesService(deps: {
  repo: RepositoriesRepo;
  scans: Pick<ScanService, "scheduleProblem" | "syncSchedule">;
  policy: NetworkPolicy;
  credentials: RepositoryCredentials;
  minScheduleMinutes: number;
  maxRepositoriesPerTenant: number;
}) {
  const { repo, policy } = deps;

  /** Where a location points, refused with a 400 when the policy forbids it. */
  async function checkLocation(location: string): Promise<{ source: "git" | "local"; location: string }> {
    if (isGitUrl(location)) {
      const parsed = parseGitLocation(location);
      if (!parsed.ok) throw bad("location", parsed.problem);
      const checked = await resolveFetchTarget(location, policy);
      // A name that does not resolve now is accepted: every fetch resolves and checks it again.
      if (!checked.ok && checked.kind === "refused") {
        throw bad("location", `This repository cannot be registered: ${checked.problem}`);
      }
      return { source: "git", location };
    }
    if (path.isAbsolute(location)) {
      if (!pathInsideRoots(location, policy.localRoots)) {
        throw bad(
          "location",
          "local paths are allowed only under LOCAL_REPOSITORY_ROOTS on a self-hosted install",
        );
      }
      return { source: "local", location: path.resolve(location) };
    }
    throw bad("location", "expected a git URL (https://, ssh://, git@host:owner/repo) or an absolute path");
  }

  /** A name for a repository registered without one: its remote's `owner/name`, or its folder's name. */
  function defaultName(checked: { source: "git" | "local"; location: string }): Promise<string> | string {
    if (checked.source === "local") return localRepositoryName(checked.location);
    const parsed = parseGitLocation(checked.location);
    if (parsed.ok && parsed.location.protocol === "file") return localRepositoryName(parsed.location.path);
    return repositoryNameOf(checked.location);
  }

  function checkSchedule(schedule: string | null | undefined) {
    if (!schedule) return;
    const problem =
      deps.scans.scheduleProblem(schedule) ?? scheduleTooFrequent(schedule, deps.minScheduleMinutes);
    if (problem) throw bad("scanSchedule", problem);
  }

  /** The sealed credential, refused where git would not send it (ssh, git://, local paths). */
  function sealCredential(
    tenantId: string,
    location: { source: string; location: string },
    credential: CreateRepositoryBody["credential"] | null | undefined,
  ): string | null {
    if (!credential) return null;
    const parsed = location.source === "git" ? parseGitLocation(location.location) : undefined;
    if (!parsed?.ok || (parsed.location.protocol !== "https" && parsed.location.protocol !== "http")) {
      throw bad("credential", "an access token can be used only with an https:// repository URL");
    }
    return deps.credentials.seal(tenantId, credential);
  }

  return {
    list: async (tenantId: string) => (await repo.list(tenantId)).map(toRepository),

    async register(tenantId: string, body: CreateRepositoryBody): Promise<Repository> {
      const checked = await checkLocation(body.location);
      checkSchedule(body.scanSchedule);
      const credential = sealCredential(tenantId, checked, body.credential);
      const wanted = {
        tenantId,
        name: body.name ?? (await defaultName(checked)),
        source: checked.source,
        location: checked.location,
        defaultBranch: body.defaultBranch ?? null,
        scanSchedule: body.scanSchedule === undefined ? DEFAULT_SCAN_SCHEDULE : body.scanSchedule,
        credential,
      };
      try {
        const registered = await repo.registerWithinQuota(wanted, deps.maxRepositoriesPerTenant);
        if (!registered.ok)
          throw new AppError(
            "conflict",
            `This organization already has ${registered.count} repositories, the most allowed on this server: remove one first`,
          );
        const { row } = registered;
        await deps.scans.syncSchedule(row);
        return toRepository(row);
      } catch (error) {
        if (isUniqueViolation(error))
          throw new AppError("conflict", "A repository with this name already exists");
        throw error;
      }
    },

    async update(tenantId: string, id: string, body: UpdateRepositoryBody): Promise<Repository> {
      const row = await repo.find(tenantId, id);
      if (!row) throw notFound("Repository not found");
      checkSchedule(body.scanSchedule);
      if (row.source === "upload" && body.scanSchedule) throw bad("scanSchedule", UPLOADED_ONLY);
      const changes: Partial<Pick<RepositoryRow, "name" | "defaultBranch" | "scanSchedule" | "credential">> =
        {};
      if (body.name !== undefined && body.name !== row.name) changes.name = body.name;
      if (body.defaultBranch !== undefined) changes.defaultBranch = body.defaultBranch;
      if (body.scanSchedule !== undefined) changes.scanSchedule = body.scanSchedule;
      if (body.credential !== undefined) changes.credential = sealCredential(tenantId, row, body.credential);
      if (Object.keys(changes).length === 0) return toRepository(row);
      let updated: RepositoryRow | undefined;
      try {
        updated = await repo.update(tenantId, id, changes);
      } catch (error) {
        // A removed repository keeps its name (registering that name again restores its history).
        if (isUniqueViolation(error))
          throw new AppError(
            "conflict",
            "A repository with this name already exists in this organization, or was removed under it",
          );
        throw error;
      }
      if (!updated) throw notFound("Repository not found");
      if (body.scanSchedule !== undefined) await deps.scans.syncSchedule(updated);
      return toRepository(updated);
    },

    async remove(tenantId: string, id: string) {
      const row = await repo.find(tenantId, id);
      if (!row) throw notFound("Repository not found");
      await repo.archive(tenantId, id, new Date());
      await deps.scans.syncSchedule({ ...row, scanSchedule: null });
    },
  };
}

export type RepositoriesService = ReturnType<typeof createRepositoriesService>;
