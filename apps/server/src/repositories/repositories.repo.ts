// Queries for a tenant's repositories. A removed repository is archived, not deleted: its runs and
// findings are evidence. Only `registerWithinQuota` and the demo seed see archived rows.
import type { Database } from "@rampart/db/client";
import { policyRuns, repositories, tenants } from "@rampart/db/schema";
import { and, asc, count, eq, inArray, isNotNull, isNull, or } from "drizzle-orm";

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

    /** Without the quota: for the tests that arrange data. */
    insert: async (row: NewRepository) => (await db.insert(repositories).values(row).returning())[0]!,

    /**
     * Registers `row` unless the tenant already has `limit` repositories that are not archived. The
     * tenant's row is locked for the count, so concurrent registrations cannot both pass it. An
     * archived repository of the same name is registered again, with the new settings, so that
     * its history goes on.
     */
    registerWithinQuota: (row: NewRepository, limit: number) =>
      db.transaction(async (tx): Promise<{ ok: true; row: RepositoryRow } | { ok: false; count: number }> => {
        await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, row.tenantId)).for("update");
        const [active] = await tx
          .select({ count: count() })
          .from(repositories)
          .where(and(eq(repositories.tenantId, row.tenantId), isNull(repositories.archivedAt)));
        if ((active?.count ?? 0) >= limit) return { ok: false, count: active?.count ?? 0 };
        const [restored] = await tx
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
          .returning();
        return { ok: true, row: restored ?? (await tx.insert(repositories).values(row).returning())[0]! };
      }),

    /**
     * The repository a CI upload names: the tenant's repository of that name; or, when it has
     * none, a new one of source `upload` (within `limit`, counted under a lock on the tenant's row
     * as registrations are). An archived one comes back as registering it again would bring it.
     */
    findOrCreateForUpload: (tenantId: string, name: string, limit: number) =>
      db.transaction(
        async (
          tx,
        ): Promise<{ ok: true; row: RepositoryRow; created: boolean } | { ok: false; count: number }> => {
          const byName = and(eq(repositories.tenantId, tenantId), eq(repositories.name, name));
          const [current] = await tx.select().from(repositories).where(byName);
          if (current && !current.archivedAt) return { ok: true, row: current, created: false };
          await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId)).for("update");
          const [active] = await tx
            .select({ count: count() })
            .from(repositories)
            .where(and(eq(repositories.tenantId, tenantId), isNull(repositories.archivedAt)));
          if ((active?.count ?? 0) >= limit) return { ok: false, count: active?.count ?? 0 };
          if (current) {
            const [restored] = await tx
              .update(repositories)
              .set({ archivedAt: null })
              .where(byName)
              .returning();
            return { ok: true, row: restored!, created: false };
          }
          // Two uploads naming a new repository at once: the second finds the first one's row.
          const [inserted] = await tx
            .insert(repositories)
            .values({ tenantId, name, source: "upload", location: name, scanSchedule: null })
            .onConflictDoNothing()
            .returning();
          if (inserted) return { ok: true, row: inserted, created: true };
          const [raced] = await tx.select().from(repositories).where(byName);
          return { ok: true, row: raced!, created: false };
        },
      ),

    /**
     * Registers a connected host's repositories (source `github`), matched by the host's own id so
     * that a rename keeps its history: a known one takes the new name and branch and comes back if
     * it was archived. Within the tenant's quota, under the same lock as `registerWithinQuota`; a
     * name that another kind of repository holds is left alone. Answers what was registered.
     */
    registerHosted: (
      tenantId: string,
      wanted: readonly { externalId: string; fullName: string; defaultBranch: string | null }[],
      options: { limit: number; scanSchedule: string | null },
    ) =>
      db.transaction(async (tx) => {
        await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId)).for("update");
        const existing = await tx.select().from(repositories).where(eq(repositories.tenantId, tenantId));
        let active = existing.filter((row) => !row.archivedAt).length;
        const registered: RepositoryRow[] = [];
        const skipped: { fullName: string; reason: string }[] = [];
        for (const repository of wanted) {
          const known = existing.find(
            (row) => row.source === "github" && row.externalId === repository.externalId,
          );
          const clash = existing.find(
            (row) =>
              row.name === repository.fullName &&
              !(row.source === "github" && row.externalId === repository.externalId),
          );
          if (clash) {
            skipped.push({
              fullName: repository.fullName,
              reason: "a repository of this name is registered already",
            });
            continue;
          }
          if ((!known || known.archivedAt) && active >= options.limit) {
            skipped.push({
              fullName: repository.fullName,
              reason: "the organization has the most repositories allowed",
            });
            continue;
          }
          const values = {
            name: repository.fullName,
            location: repository.fullName,
            defaultBranch: repository.defaultBranch ?? known?.defaultBranch ?? null,
          };
          const [row] = known
            ? await tx
                .update(repositories)
                .set({
                  ...values,
                  ...(known.archivedAt ? { archivedAt: null, scanSchedule: options.scanSchedule } : {}),
                })
                .where(eq(repositories.id, known.id))
                .returning()
            : await tx
                .insert(repositories)
                .values({
                  ...values,
                  tenantId,
                  source: "github",
                  externalId: repository.externalId,
                  scanSchedule: options.scanSchedule,
                })
                .returning();
          if (!known || known.archivedAt) active += 1;
          registered.push(row!);
        }
        return { registered, skipped };
      }),

    /** The tenant's repository with the host's id, archived or not. */
    findHosted: async (tenantId: string, externalId: string) =>
      (
        await db
          .select()
          .from(repositories)
          .where(
            and(
              eq(repositories.tenantId, tenantId),
              eq(repositories.source, "github"),
              eq(repositories.externalId, externalId),
            ),
          )
      )[0],

    /** Archives the tenant's hosted repositories with these ids (all of them when `externalIds` is absent). */
    archiveHosted: (tenantId: string, at: Date, externalIds?: readonly string[]) =>
      db
        .update(repositories)
        .set({ archivedAt: at, scanSchedule: null })
        .where(
          and(
            eq(repositories.tenantId, tenantId),
            eq(repositories.source, "github"),
            isNull(repositories.archivedAt),
            ...(externalIds ? [inArray(repositories.externalId, [...externalIds])] : []),
          ),
        )
        .returning(),

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

    archive: (tenantId: string, id: string, at: Date) =>
      db
        .update(repositories)
        .set({ archivedAt: at, scanSchedule: null })
        .where(and(eq(repositories.tenantId, tenantId), eq(repositories.id, id))),
  };
}

export type RepositoriesRepo = ReturnType<typeof createRepositoriesRepo>;
