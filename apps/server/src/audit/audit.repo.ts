// Queries of the audit log: appends, the newest-first pages the settings drawer reads, a period's
// entries for the evidence export, and the few identity look-ups the recorder needs.
import type { AuditLogEntry, AuditLogQuery } from "@rampart/contracts/audit";
import type { Database } from "@rampart/db/client";
import { auditLogEntries, memberships, users } from "@rampart/db/schema";
import { and, asc, desc, eq, gte, ilike, like, lt, lte, or, type SQL } from "drizzle-orm";

export type AuditLogRow = typeof auditLogEntries.$inferSelect;
export type NewAuditLogRow = typeof auditLogEntries.$inferInsert;

/** `LIKE` treats these as wildcards: a filter matches them literally. */
const escapeLike = (text: string) => text.replace(/[%_\\]/g, "\\$&");

export function toAuditLogEntry(row: AuditLogRow): AuditLogEntry {
  return {
    id: row.id,
    tenantId: row.tenantId,
    actor: { userId: row.actorUserId, email: row.actorEmail },
    action: row.action,
    target: row.target,
    method: row.method,
    route: row.route,
    statusCode: row.statusCode,
    result: row.result,
    clientAddress: row.clientAddress,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createAuditRepo(db: Database) {
  return {
    insert: (rows: NewAuditLogRow[]) => db.insert(auditLogEntries).values(rows),

    /** A page of a tenant's entries, newest first, after `cursor` when given. */
    async page(
      tenantId: string,
      query: Omit<AuditLogQuery, "cursor">,
      cursor?: { createdAt: Date; id: string },
    ): Promise<{ rows: AuditLogRow[]; more: boolean }> {
      const conditions: SQL[] = [eq(auditLogEntries.tenantId, tenantId)];
      if (query.actor) conditions.push(ilike(auditLogEntries.actorEmail, `%${escapeLike(query.actor)}%`));
      if (query.action) conditions.push(like(auditLogEntries.action, `${escapeLike(query.action)}%`));
      if (query.result) conditions.push(eq(auditLogEntries.result, query.result));
      if (query.from)
        conditions.push(gte(auditLogEntries.createdAt, new Date(`${query.from}T00:00:00.000Z`)));
      if (query.to) conditions.push(lte(auditLogEntries.createdAt, new Date(`${query.to}T23:59:59.999Z`)));
      if (cursor) {
        conditions.push(
          or(
            lt(auditLogEntries.createdAt, cursor.createdAt),
            and(eq(auditLogEntries.createdAt, cursor.createdAt), lt(auditLogEntries.id, cursor.id)),
          )!,
        );
      }
      const rows = await db
        .select()
        .from(auditLogEntries)
        .where(and(...conditions))
        .orderBy(desc(auditLogEntries.createdAt), desc(auditLogEntries.id))
        .limit(query.limit + 1);
      return { rows: rows.slice(0, query.limit), more: rows.length > query.limit };
    },

    /** A tenant's entries from `from` to `until` (both inclusive), oldest first, at most `limit`. */
    between: (tenantId: string, from: Date, until: Date, limit: number) =>
      db
        .select()
        .from(auditLogEntries)
        .where(
          and(
            eq(auditLogEntries.tenantId, tenantId),
            gte(auditLogEntries.createdAt, from),
            lte(auditLogEntries.createdAt, until),
          ),
        )
        .orderBy(asc(auditLogEntries.createdAt), asc(auditLogEntries.id))
        .limit(limit),

    countBetween: (tenantId: string, from: Date, until: Date) =>
      db.$count(
        auditLogEntries,
        and(
          eq(auditLogEntries.tenantId, tenantId),
          gte(auditLogEntries.createdAt, from),
          lte(auditLogEntries.createdAt, until),
        ),
      ),

    userIdByEmail: async (email: string) =>
      (await db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id,

    tenantsOf: async (userId: string) =>
      (
        await db
          .select({ tenantId: memberships.tenantId })
          .from(memberships)
          .where(eq(memberships.userId, userId))
      ).map((row) => row.tenantId),

    isMember: async (userId: string, tenantId: string) =>
      (
        await db
          .select({ tenantId: memberships.tenantId })
          .from(memberships)
          .where(and(eq(memberships.userId, userId), eq(memberships.tenantId, tenantId)))
      ).length > 0,
  };
}

export type AuditRepo = ReturnType<typeof createAuditRepo>;
