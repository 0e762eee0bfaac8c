// Queries for a tenant's repositories. A removed repository is archived, not deleted: its runs and
// findings are evidence. Only `restore` and the demo seed see archived rows.
import type { Database } from "@rampart/db/client";
import { policyRuns, repositories } from "@rampart/db/schema";
import { and, asc, count, eq, isNotNull, isNull, or } from "drizzle-orm";

export type RepositoryRow = typeof repositories.$inferSelect;
export type NewRepository = typeof repositories.$inferInsert;

export function createRepositoriesRepo(db: Database) {
  return {
    list: (tenantId: string) =>
      db
        .select()
        .from(repositories)
        .where(and(eq(repositories.tenantId, tenantId), isNull(repositories.archivedAt)))
        .orderBy(asc(repositories.createdAt)),

    find: async (tenantId: string, id: string) =>
      (
        await db
          .select()
          .from(repositories)
          .where(
            and(
              eq(repositories.tenantId, tenantId),
              eq(repositories.id, id),
              isNull(repositories.archivedAt),
            ),
          )
      )[0],

    /** By id or by display name, within the tenant. */
    findByNameOrId: async (tenantId: string, nameOrId: string) => {
      const isUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(nameOrId);
      const match = isUuid
        ? or(eq(repositories.id, nameOrId), eq(repositories.name, nameOrId))
        : eq(repositories.name, nameOrId);
      return (
        await db
          .select()
          .from(repositories)
          .where(and(eq(repositories.tenantId, tenantId), match, isNull(repositories.archivedAt)))
      )[0];
    },

    /** Repositories that are not archived: what the per-tenant quota counts. */
    countActive: async (tenantId: string) =>
      (
        await db
          .select({ count: count() })
          .from(repositories)
          .where(and(eq(repositories.tenantId, tenantId), isNull(repositories.archivedAt)))
      )[0]?.count ?? 0,

    /**
     * A new name is also the `repo` of the repository's runs (their display name; the ledger
     * keeps the name each run was recorded under), changed in the same transaction.
     */
    update: (
      tenantId: string,
      id: string,
      changes: Partial<Pick<NewRepository, "name" | "defaultBranch" | "scanSchedule" | "credential">>,
    ) =>
      db.transaction(async (tx) => {
        const [updated] = await tx
          .update(repositories)
          .set(changes)
          .where(
            and(
              eq(repositories.tenantId, tenantId),
              eq(repositories.id, id),
              isNull(repositories.archivedAt),
            ),
          )
          .returning();
        if (updated && changes.name !== undefined) {
          await tx
            .update(policyRuns)
            .set({ repo: changes.name })
            .where(and(eq(policyRuns.tenantId, tenantId), eq(policyRuns.repositoryId, id)));
        }
        return updated;
      }),

    insert: async (row: NewRepository) => (await db.insert(repositories).values(row).returning())[0]!,

    /** Idempotent for the demo seed: an existing repository of the same name is returned as is. */
    upsertByName: async (row: NewRepository) => {
      await db.insert(repositories).values(row).onConflictDoNothing();
      return (
        await db
          .select()
          .from(repositories)
          .where(and(eq(repositories.tenantId, row.tenantId), eq(repositories.name, row.name)))
      )[0]!;
    },

    /**
     * Registers an archived repository of the same name again, with the new settings, so that its
     * history goes on; undefined when there is none.
     */
    restore: async (row: NewRepository) =>
      (
        await db
          .update(repositories)
          .set({
            source: row.source,
            location: row.location,
            defaultBranch: row.defaultBranch ?? null,
            scanSchedule: row.scanSchedule ?? null,
            credential: row.credential ?? null,
            archivedAt: null,
          })
          .where(
            and(
              eq(repositories.tenantId, row.tenantId),
              eq(repositories.name, row.name),
              isNotNull(repositories.archivedAt),
            ),
          )
          .returning()
      )[0],

    archive: (tenantId: string, id: string, at: Date) =>
      db
        .update(repositories)
        .set({ archivedAt: at, scanSchedule: null })
        .where(and(eq(repositories.tenantId, tenantId), eq(repositories.id, id))),
  };
}

export type RepositoriesRepo = ReturnType<typeof createRepositoriesRepo>;
