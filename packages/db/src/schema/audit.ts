// The audit log: who did what to which record, when, from where and with what result. Rows are
// append-only (triggers refuse UPDATE, TRUNCATE and DELETE, bar a tenant's erasure: migration
// 0032) and small by design: no request bodies, capped strings.
import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { tenants } from "./identity.ts";

export const AUDIT_RESULTS = ["success", "denied", "failed"] as const;

export const auditLogEntries = pgTable(
  "audit_log_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /**
     * The tenant the request acted on; null for instance-level events (a sign-in of a user with no
     * organization, a failed sign-in for an unknown e-mail).
     */
    tenantId: uuid("tenant_id").references(() => tenants.id, { onDelete: "cascade" }),
    /** No foreign key: entries outlive the user they name (the e-mail is kept beside the id). */
    actorUserId: uuid("actor_user_id"),
    actorEmail: text("actor_email"),
    /** A stable name such as `repository.create`, or `METHOD /route` for routes without one. */
    action: text("action").notNull(),
    /** The record acted on: the id in the path, or the id the request created. */
    target: text("target"),
    method: text("method").notNull(),
    route: text("route").notNull(),
    statusCode: integer("status_code").notNull(),
    result: text("result", { enum: AUDIT_RESULTS }).notNull(),
    clientAddress: text("client_address").notNull(),
    /** Written from a JavaScript Date (millisecond precision), so page cursors round-trip. */
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (table) => [
    index("audit_log_entries_tenant_created").on(table.tenantId, table.createdAt.desc(), table.id.desc()),
    index("audit_log_entries_actor_created")
      .on(table.actorUserId, table.createdAt)
      .where(sql`${table.actorUserId} is not null`),
  ],
);
