// Queries for tenants as seen by one user.
import type { Database } from "@rampart/db/client";
import { memberships, tenants } from "@rampart/db/schema";
import { and, asc, eq, isNotNull, isNull, sql } from "drizzle-orm";

export type TenantRow = typeof tenants.$inferSelect;
export type RoleName = (typeof memberships.$inferSelect)["role"];

export function createTenantsRepo(db: Database) {
  return {
    listForUser: (userId: string) =>
      db
        .select({ tenant: tenants, role: memberships.role })
        .from(memberships)
        .innerJoin(tenants, eq(tenants.id, memberships.tenantId))
        // A closed tenant leaves every list; its records stay for its evidence.
        .where(and(eq(memberships.userId, userId), isNull(tenants.closedAt)))
        .orderBy(asc(memberships.createdAt), asc(tenants.name)),

    /** The tenant with the user's role (null when not a member); undefined when there is no such tenant. */
    findVisible: async (tenantId: string, userId: string) =>
      (
        await db
          .select({ tenant: tenants, role: memberships.role })
          .from(tenants)
          .leftJoin(memberships, and(eq(memberships.tenantId, tenants.id), eq(memberships.userId, userId)))
          .where(eq(tenants.id, tenantId))
      )[0],

    /** Marks a user's demo organization as used now, unless that was already done in the last minute. */
    touchDemo: async (tenant: TenantRow) => {
      if (tenant.lastActiveAt && Date.now() - tenant.lastActiveAt.getTime() < 60_000) return;
      await db
        .update(tenants)
        .set({ lastActiveAt: sql`now()` })
        .where(and(eq(tenants.id, tenant.id), eq(tenants.isDemo, true), isNotNull(tenants.lastActiveAt)));
    },

    createWithAdmin: (name: string, userId: string) =>
      db.transaction(async (tx) => {
        const [tenant] = await tx.insert(tenants).values({ name }).returning();
        await tx.insert(memberships).values({ userId, tenantId: tenant!.id, role: "admin" });
        return tenant!;
      }),

    updateSettings: async (
      tenantId: string,
      settings: {
        auditorAccessEnabled?: boolean | undefined;
        fourEyesWaivers?: boolean | undefined;
        prGateSeverity?: TenantRow["prGateSeverity"] | undefined;
      },
    ) =>
      (
        await db
          .update(tenants)
          .set({
            ...(settings.auditorAccessEnabled !== undefined
              ? { auditorAccessEnabled: settings.auditorAccessEnabled }
              : {}),
            ...(settings.fourEyesWaivers !== undefined ? { fourEyesWaivers: settings.fourEyesWaivers } : {}),
            ...(settings.prGateSeverity !== undefined ? { prGateSeverity: settings.prGateSeverity } : {}),
          })
          .where(eq(tenants.id, tenantId))
          .returning()
      )[0],

    /**
     * "Delete Tenant": the tenant is closed, not erased; its ledger, checkpoints and evidence stay
     * for the retention period (tenant-retention.ts). Erasure is tenant-erasure.ts.
     */
    close: (tenantId: string, at: Date) =>
      db
        .update(tenants)
        .set({ closedAt: at })
        .where(and(eq(tenants.id, tenantId), isNull(tenants.closedAt))),
  };
}

export type TenantsRepo = ReturnType<typeof createTenantsRepo>;
