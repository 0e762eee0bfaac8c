// Users, tenants, memberships and sessions: who may see which tenant's data.
import { sql } from "drizzle-orm";
import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();

export const tenants = pgTable(
  "tenants",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    isDemo: boolean("is_demo").notNull().default(false),
    githubInstallationId: text("github_installation_id"),
    auditorAccessEnabled: boolean("auditor_access_enabled").notNull().default(false),
    /** Accepting risk (a waiver) needs a second person: one requests, another approves. */
    fourEyesWaivers: boolean("four_eyes_waivers").notNull().default(false),
    /** "Delete Tenant" closes: gone from lists, no writes, its ledger kept and verifiable. */
    closedAt: timestamp("closed_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  // At most one demo tenant: the seed inserts with ON CONFLICT DO NOTHING against this index,
  // which makes concurrent seeds safe without a lock.
  (table) => [uniqueIndex("tenants_single_demo").on(table.isDemo).where(sql`${table.isDemo}`)],
);

export const users = pgTable("users", {
  id: uuid("id").primaryKey().defaultRandom(),
  /** Stored lower-cased; the contracts normalise before it gets here. */
  email: text("email").notNull().unique(),
  name: text("name").notNull(),
  passwordHash: text("password_hash").notNull(),
  createdAt: createdAt(),
});

export const ROLES = ["admin", "member", "auditor"] as const;

export const memberships = pgTable(
  "memberships",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    role: text("role", { enum: ROLES }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.tenantId] }),
    index("memberships_tenant").on(table.tenantId),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    /** SHA-256 of the session token, hex: a leaked table does not leak usable tokens. */
    id: text("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("sessions_user").on(table.userId), index("sessions_expires").on(table.expiresAt)],
);
