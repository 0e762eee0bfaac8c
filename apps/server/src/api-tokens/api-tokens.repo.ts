// Queries for a tenant's API tokens. Tokens are read and changed in their tenant's context, after
// tenant access allowed the admin; a token presented to the API is found by its hash in the
// system context, since who it belongs to is what the lookup finds out.
import type { Database } from "@rampart/db/client";
import { withDatabaseContext } from "@rampart/db/context";
import { apiTokens, tenants } from "@rampart/db/schema";
import { and, count, desc, eq, gt, isNull } from "drizzle-orm";

export type ApiTokenRow = typeof apiTokens.$inferSelect;
type NewApiToken = typeof apiTokens.$inferInsert;

const inTenant = <T>(tenantId: string, work: () => T): T =>
  withDatabaseContext({ kind: "tenant", tenantId }, work);
const bySecret = <T>(work: () => T): T => withDatabaseContext({ kind: "system" }, work);

/** The most tokens a list shows: revoked and expired ones stay listed as a record. */
const LIST_LIMIT = 200;

export function createApiTokensRepo(db: Database) {
  return {
    list: (tenantId: string) =>
      inTenant(tenantId, () =>
        db
          .select()
          .from(apiTokens)
          .where(eq(apiTokens.tenantId, tenantId))
          .orderBy(desc(apiTokens.createdAt))
          .limit(LIST_LIMIT),
      ),

    /**
     * Adds a token unless the tenant has `limit` active ones already, counted under a lock on the
     * tenant's row so that concurrent creations cannot pass it together.
     */
    createWithinLimit: (values: NewApiToken, limit: number, at: Date) =>
      inTenant(values.tenantId, () =>
        db.transaction(async (tx): Promise<{ ok: true; row: ApiTokenRow } | { ok: false; count: number }> => {
          await tx
            .select({ id: tenants.id })
            .from(tenants)
            .where(eq(tenants.id, values.tenantId))
            .for("update");
          const [active] = await tx
            .select({ count: count() })
            .from(apiTokens)
            .where(
              and(
                eq(apiTokens.tenantId, values.tenantId),
                isNull(apiTokens.revokedAt),
                gt(apiTokens.expiresAt, at),
              ),
            );
          if ((active?.count ?? 0) >= limit) return { ok: false, count: active?.count ?? 0 };
          const [row] = await tx.insert(apiTokens).values(values).returning();
          return { ok: true, row: row! };
        }),
      ),

    revoke: async (tenantId: string, tokenId: string, at: Date) =>
      (
        await inTenant(tenantId, () =>
          db
            .update(apiTokens)
            .set({ revokedAt: at })
            .where(
              and(eq(apiTokens.tenantId, tenantId), eq(apiTokens.id, tokenId), isNull(apiTokens.revokedAt)),
            )
            .returning(),
        )
      )[0],

    /** The token with this secret's hash, with whether its tenant is closed. */
    findByHash: async (tokenHash: string) =>
      (
        await bySecret(() =>
          db
            .select({ token: apiTokens, tenantClosedAt: tenants.closedAt })
            .from(apiTokens)
            .innerJoin(tenants, eq(tenants.id, apiTokens.tenantId))
            .where(eq(apiTokens.tokenHash, tokenHash)),
        )
      )[0],

    touch: (tenantId: string, tokenId: string, at: Date) =>
      inTenant(tenantId, () =>
        db
          .update(apiTokens)
          .set({ lastUsedAt: at })
          .where(and(eq(apiTokens.tenantId, tenantId), eq(apiTokens.id, tokenId))),
      ),
  };
}

export type ApiTokensRepo = ReturnType<typeof createApiTokensRepo>;
