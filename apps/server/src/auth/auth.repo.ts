// Queries for users, memberships and sessions.
import type { Database } from "@rampart/db/client";
import { withDatabaseContext } from "@rampart/db/context";
import { loginAttempts, memberships, sessions, tenants, users } from "@rampart/db/schema";
import { and, asc, eq, gt, isNull, lt, sql } from "drizzle-orm";

export type UserRow = typeof users.$inferSelect;

export function createAuthRepo(db: Database) {
  return {
    findUserByEmail: async (email: string) =>
      (await db.select().from(users).where(eq(users.email, email)))[0],

    /** Read as that user (row-level security): sign-in and registration have no session yet. */
    membershipsOf: (userId: string) =>
      // Awaited inside: a drizzle query runs when awaited, which must be within the context.
      withDatabaseContext(
        { kind: "user", userId },
        async () =>
          await db
            .select({ tenantId: memberships.tenantId, tenantName: tenants.name, role: memberships.role })
            .from(memberships)
            .innerJoin(tenants, eq(tenants.id, memberships.tenantId))
            // A closed tenant leaves every list, the session's too.
            .where(and(eq(memberships.userId, userId), isNull(tenants.closedAt)))
            .orderBy(asc(memberships.createdAt), asc(tenants.name)),
      ),

    /** User, organization and admin membership in one transaction: all three or none. */
    registerUserWithTenant: (input: {
      email: string;
      name: string;
      passwordHash: string;
      tenantName: string;
    }) =>
      db.transaction(async (tx) => {
        const [tenant] = await tx.insert(tenants).values({ name: input.tenantName }).returning();
        const [user] = await tx
          .insert(users)
          .values({ email: input.email, name: input.name, passwordHash: input.passwordHash })
          .returning();
        await tx.insert(memberships).values({ userId: user!.id, tenantId: tenant!.id, role: "admin" });
        return user!;
      }),

    createSession: (id: string, userId: string, expiresAt: Date) =>
      db.insert(sessions).values({ id, userId, expiresAt }),

    findLiveSession: async (id: string, now: Date) =>
      (
        await db
          .select({ session: sessions, user: users })
          .from(sessions)
          .innerJoin(users, eq(users.id, sessions.userId))
          .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now)))
      )[0],

    extendSession: (id: string, expiresAt: Date) =>
      db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id)),

    deleteSession: (id: string) => db.delete(sessions).where(eq(sessions.id, id)),

    /**
     * Counts one sign-in attempt for an account, in one statement so that concurrent attempts
     * (from any API process) each get their own number: the window restarts once it has passed.
     */
    countLoginAttempt: async (accountKey: string, now: Date, windowMs: number) => {
      const windowExpired = sql`${loginAttempts.windowStartedAt} <= ${new Date(now.getTime() - windowMs).toISOString()}::timestamptz`;
      const [row] = await db
        .insert(loginAttempts)
        .values({ accountKey, attempts: 1, windowStartedAt: now })
        .onConflictDoUpdate({
          target: loginAttempts.accountKey,
          set: {
            attempts: sql`case when ${windowExpired} then 1 else ${loginAttempts.attempts} + 1 end`,
            windowStartedAt: sql`case when ${windowExpired} then ${now.toISOString()}::timestamptz else ${loginAttempts.windowStartedAt} end`,
          },
        })
        .returning({ attempts: loginAttempts.attempts, windowStartedAt: loginAttempts.windowStartedAt });
      return row!;
    },

    clearLoginAttempts: (accountKey: string) =>
      db.delete(loginAttempts).where(eq(loginAttempts.accountKey, accountKey)),

    deleteLoginAttemptsBefore: async (windowStartedBefore: Date) =>
      (
        await db
          .delete(loginAttempts)
          .where(lt(loginAttempts.windowStartedAt, windowStartedBefore))
          .returning({ accountKey: loginAttempts.accountKey })
      ).length,

    deleteExpiredSessions: async (now: Date) =>
      (await db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id })).length,
  };
}

export type AuthRepo = ReturnType<typeof createAuthRepo>;
