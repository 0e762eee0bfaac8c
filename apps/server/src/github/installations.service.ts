// A tenant's connection to a code host: the GitHub App installation linked to it (one tenant per
// installation, one installation per tenant), and the installation's repositories registered as
// the tenant's repositories (source `github`). Repositories the installation loses are archived,
// not deleted: their runs are evidence.

import type { Database } from "@rampart/db/client";
import { isUniqueViolation } from "@rampart/db/errors";
import { tenants } from "@rampart/db/schema";
import { and, eq, isNull, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { RemoteCodeHost, RemoteRepository } from "../code-host/remote-code-host.ts";
import { AppError } from "../errors.ts";
import { defineJob, type JobSender } from "../jobs/job-queue.ts";
import type { RepositoriesRepo, RepositoryRow } from "../repositories/repositories.repo.ts";
import { DEFAULT_SCAN_SCHEDULE } from "../repositories/repositories.service.ts";
import type { ScanService } from "../runs/scan.service.ts";

export const ALREADY_LINKED_ELSEWHERE = "This GitHub installation is connected to another organization";
export const TENANT_HAS_ANOTHER =
  "This organization is connected to another GitHub installation: uninstall that one first";

export interface SyncResult {
  registered: RepositoryRow[];
  skipped: { fullName: string; reason: string }[];
}

export function createInstallationsService(deps: {
  db: Database;
  repositories: RepositoriesRepo;
  host: RemoteCodeHost;
  scans: Pick<ScanService, "syncSchedule">;
  jobs: JobSender;
  maxRepositoriesPerTenant: number;
  now?: () => Date;
}) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function register(tenantId: string, remote: readonly RemoteRepository[]): Promise<SyncResult> {
    const result = await deps.repositories.registerHosted(
      tenantId,
      remote.map((repository) => ({
        externalId: repository.externalId,
        fullName: repository.fullName,
        defaultBranch: repository.defaultBranch,
      })),
      { limit: deps.maxRepositoriesPerTenant, scanSchedule: DEFAULT_SCAN_SCHEDULE },
    );
    for (const row of result.registered) await deps.scans.syncSchedule(row);
    return result;
  }

  async function archive(tenantId: string, externalIds?: readonly string[]) {
    const archived = await deps.repositories.archiveHosted(tenantId, now(), externalIds);
    for (const row of archived) await deps.scans.syncSchedule({ ...row, scanSchedule: null });
    return archived;
  }

  /** Lists the installation's repositories on the host and registers them. */
  async function syncRepositories(tenantId: string, installationId: string): Promise<SyncResult> {
    const session = await deps.host.connect(installationId);
    return register(tenantId, await session.listRepositories());
  }

  const syncJob = defineJob({
    name: "github.sync-installation",
    version: 1,
    payload: z.object({ tenantId: z.uuid() }),
    queue: { retryLimit: 5, retryDelay: 30, retryBackoff: true },
    handle: async ({ tenantId }) => {
      const [tenant] = await db
        .select({ installationId: tenants.githubInstallationId })
        .from(tenants)
        .where(and(eq(tenants.id, tenantId), isNull(tenants.closedAt)));
      if (!tenant?.installationId) return; // unlinked since
      await syncRepositories(tenantId, tenant.installationId);
    },
  });

  return {
    syncJob,
    syncRepositories,

    /** Links the installation to the tenant; 409 when either is linked to another already. */
    async link(tenantId: string, installationId: string): Promise<void> {
      try {
        const [linked] = await db
          .update(tenants)
          .set({ githubInstallationId: installationId, githubInstallationSuspendedAt: null })
          .where(
            and(
              eq(tenants.id, tenantId),
              or(isNull(tenants.githubInstallationId), eq(tenants.githubInstallationId, installationId)),
            ),
          )
          .returning({ id: tenants.id });
        if (!linked) throw new AppError("conflict", TENANT_HAS_ANOTHER);
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError("conflict", ALREADY_LINKED_ELSEWHERE);
        throw error;
      }
    },

    /** The installation is gone: the tenant is unlinked and its hosted repositories archived. */
    async unlink(tenantId: string) {
      await db
        .update(tenants)
        .set({ githubInstallationId: null, githubInstallationSuspendedAt: null })
        .where(eq(tenants.id, tenantId));
      await archive(tenantId);
    },

    async setSuspended(tenantId: string, suspended: boolean) {
      await db
        .update(tenants)
        .set({ githubInstallationSuspendedAt: suspended ? sql`now()` : null })
        .where(eq(tenants.id, tenantId));
    },

    addRepositories: register,
    removeRepositories: (tenantId: string, externalIds: readonly string[]) => archive(tenantId, externalIds),

    /** Syncs in a job (retried), for when the host could not be reached right now. */
    syncLater: (tenantId: string) => deps.jobs.send(syncJob, { tenantId }),
  };
}

export type InstallationsService = ReturnType<typeof createInstallationsService>;
