// Queries for a tenant's repositories.
import type { Database } from "@rampart/db/client";
import { repositories } from "@rampart/db/schema";
import { and, asc, eq, or } from "drizzle-orm";

export type RepositoryRow = typeof repositories.$inferSelect;
export type NewRepository = typeof repositories.$inferInsert;

export function createRepositoriesRepo(db: Database) {
  return {
    list: (tenantId: string) =>
      db
        .select()
        .from(repositories)
        .where(eq(repositories.tenantId, tenantId))
        .orderBy(asc(repositories.createdAt)),

    find: async (tenantId: string, id: string) =>
      (
        await db
          .select()
          .from(repositories)
          .where(and(eq(repositories.tenantId, tenantId), eq(repositories.id, id)))
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
          .where(and(eq(repositories.tenantId, tenantId), match))
      )[0];
    },

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

    delete: (tenantId: string, id: string) =>
      db.delete(repositories).where(and(eq(repositories.tenantId, tenantId), eq(repositories.id, id))),

    listScheduled: () => db.select().from(repositories),
  };
}

export type RepositoriesRepo = ReturnType<typeof createRepositoriesRepo>;
