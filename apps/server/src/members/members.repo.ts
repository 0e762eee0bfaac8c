// Queries for a tenant's members and invitations. Changes that could leave a tenant without an
// admin lock the tenant row first, so two of them never both see "another admin remains".
import type { Database } from "@rampart/db/client";
import { withDatabaseContext } from "@rampart/db/context";
import { invitations, memberships, tenants, users } from "@rampart/db/schema";
import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";

export type InvitationRow = typeof invitations.$inferSelect;
export type RoleName = (typeof memberships.$inferSelect)["role"];
type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Admins of the tenant, counted under a lock on the tenant row (held to the end of `tx`). */
async function lockedAdminCount(tx: Transaction, tenantId: string): Promise<number> {
  await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId)).for("update");
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(memberships)
    .where(and(eq(memberships.tenantId, tenantId), eq(memberships.role, "admin")));
  return row?.count ?? 0;
}

export type MembershipChange =
  | { ok: true; role: RoleName | null }
  | { ok: false; reason: "not_member" | "last_admin" };

/**
 * Row-level security shows a user their own memberships only: the tenant's other members and its
 * invitations are read in the tenant's context, which callers enter after tenant access allowed it.
 */
const inTenant = <T>(tenantId: string, work: () => T): T =>
  withDatabaseContext({ kind: "tenant", tenantId }, work);
/** A link's token is the authority to join, before its holder belongs to the tenant. */
const byToken = <T>(work: () => T): T => withDatabaseContext({ kind: "system" }, work);

export function createMembersRepo(db: Database) {
  /** Applies `change` to one membership unless it would remove the tenant's last admin. */
  function changeMembership(
    tenantId: string,
    userId: string,
    change: { role: RoleName } | { remove: true },
  ): Promise<MembershipChange> {
    return inTenant(tenantId, () =>
      db.transaction(async (tx) => {
        const admins = await lockedAdminCount(tx, tenantId);
        const [current] = await tx
          .select()
          .from(memberships)
          .where(and(eq(memberships.tenantId, tenantId), eq(memberships.userId, userId)));
        if (!current) return { ok: false, reason: "not_member" };
        const losesAdmin = current.role === "admin" && ("remove" in change || change.role !== "admin");
        if (losesAdmin && admins <= 1) return { ok: false, reason: "last_admin" };
        const where = and(eq(memberships.tenantId, tenantId), eq(memberships.userId, userId));
        if ("remove" in change) {
          await tx.delete(memberships).where(where);
          return { ok: true, role: null };
        }
        await tx.update(memberships).set({ role: change.role }).where(where);
        return { ok: true, role: change.role };
      }),
    );
  }

  return {
    changeMembership,

    listMembers: (tenantId: string) =>
      inTenant(tenantId, () =>
        db
          .select({
            userId: users.id,
            email: users.email,
            name: users.name,
            role: memberships.role,
            joinedAt: memberships.createdAt,
          })
          .from(memberships)
          .innerJoin(users, eq(users.id, memberships.userId))
          .where(eq(memberships.tenantId, tenantId))
          .orderBy(asc(memberships.createdAt), asc(users.email)),
      ),

    isMemberByEmail: async (tenantId: string, email: string) =>
      (
        await inTenant(tenantId, () =>
          db
            .select({ userId: users.id })
            .from(memberships)
            .innerJoin(users, eq(users.id, memberships.userId))
            .where(and(eq(memberships.tenantId, tenantId), eq(users.email, email))),
        )
      ).length > 0,

    userByEmail: async (email: string) => (await db.select().from(users).where(eq(users.email, email)))[0],

    listInvitations: (tenantId: string) =>
      inTenant(tenantId, () =>
        db
          .select()
          .from(invitations)
          .where(eq(invitations.tenantId, tenantId))
          .orderBy(desc(invitations.createdAt))
          .limit(200),
      ),

    /** A new invitation replaces any open one for the same address: only the newest link works. */
    createInvitation: (values: typeof invitations.$inferInsert, at: Date) =>
      inTenant(values.tenantId, () =>
        db.transaction(async (tx) => {
          await tx
            .update(invitations)
            .set({ revokedAt: at })
            .where(
              and(
                eq(invitations.tenantId, values.tenantId),
                eq(invitations.email, values.email),
                isNull(invitations.acceptedAt),
                isNull(invitations.revokedAt),
              ),
            );
          const [row] = await tx.insert(invitations).values(values).returning();
          return row!;
        }),
      ),

    revokeInvitation: async (tenantId: string, invitationId: string, at: Date) =>
      (
        await inTenant(tenantId, () =>
          db
            .update(invitations)
            .set({ revokedAt: at })
            .where(
              and(
                eq(invitations.tenantId, tenantId),
                eq(invitations.id, invitationId),
                isNull(invitations.acceptedAt),
                isNull(invitations.revokedAt),
              ),
            )
            .returning(),
        )
      )[0],

    /** The invitation behind a token hash, with its tenant. */
    findByTokenHash: async (tokenHash: string) =>
      (
        await byToken(() =>
          db
            .select({ invitation: invitations, tenant: tenants })
            .from(invitations)
            .innerJoin(tenants, eq(tenants.id, invitations.tenantId))
            .where(eq(invitations.tokenHash, tokenHash)),
        )
      )[0],

    /**
     * Uses the invitation once, in a transaction that locks it: `check` sees it as it is now (not
     * as it was read before), and `join` runs in the same transaction (creating the user when
     * registering from the link), so two uses of one link never both succeed.
     */
    consume: <T>(
      tokenHash: string,
      check: (invitation: InvitationRow, tenant: typeof tenants.$inferSelect) => void,
      join: (tx: Transaction, invitation: InvitationRow) => Promise<{ userId: string; result: T }>,
      at: Date,
    ) =>
      byToken(() =>
        db.transaction(async (tx) => {
          const [found] = await tx
            .select({ invitation: invitations, tenant: tenants })
            .from(invitations)
            .innerJoin(tenants, eq(tenants.id, invitations.tenantId))
            .where(eq(invitations.tokenHash, tokenHash))
            .for("update", { of: invitations });
          if (!found) return undefined;
          check(found.invitation, found.tenant);
          const { userId, result } = await join(tx, found.invitation);
          await tx
            .insert(memberships)
            .values({ userId, tenantId: found.invitation.tenantId, role: found.invitation.role });
          await tx
            .update(invitations)
            .set({ acceptedAt: at, acceptedById: userId })
            .where(eq(invitations.id, found.invitation.id));
          return { invitation: found.invitation, result };
        }),
      ),
  };
}

export type MembersRepo = ReturnType<typeof createMembersRepo>;
