// Invitations into a tenant, and the instance's own log (records that outlive a tenant, such as
// the erasure of one). Memberships themselves live in identity.ts beside users and tenants.
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { ROLES, tenants, users } from "./identity.ts";

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * A single-use, expiring link that makes the user with `email` a member with `role`. Only the
 * SHA-256 of its random token is stored, as for sessions: a leaked table opens no tenant.
 */
export const invitations = pgTable(
  "invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    /** Stored lower-cased, as users.email is. */
    email: text("email").notNull(),
    role: text("role", { enum: ROLES }).notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    invitedById: uuid("invited_by_id").references(() => users.id, { onDelete: "set null" }),
    invitedByEmail: text("invited_by_email").notNull(),
    expiresAt: timestamptz("expires_at").notNull(),
    acceptedAt: timestamptz("accepted_at"),
    acceptedById: uuid("accepted_by_id").references(() => users.id, { onDelete: "set null" }),
    revokedAt: timestamptz("revoked_at"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (table) => [index("invitations_tenant").on(table.tenantId, table.createdAt)],
);

/**
 * The instance's append-only, hash-chained log, each entry signed with the ledger key: what must
 * stay provable after the tenant it concerns is gone (an erasure). Not a tenant's data.
 */
export const instanceLog = pgTable("instance_log", {
  index: integer("index").primaryKey(),
  kind: text("kind", { enum: ["tenant_erased"] }).notNull(),
  content: jsonb("content").notNull(),
  prevHash: text("prev_hash").notNull(),
  contentHash: text("content_hash").notNull(),
  hash: text("hash").notNull().unique(),
  /** Ed25519 over the 32 raw bytes of `hash`, base64, with the ledger signing key. */
  signature: text("signature").notNull(),
  createdAt: timestamptz("created_at").notNull().defaultNow(),
});
