// Users, tenants, memberships and sessions: who may see which tenant's data.
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

export const PR_GATE_SEVERITIES = ["critical", "high", "med", "low", "none"] as const;

const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();

export const tenants = pgTable(
  "tenants",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    isDemo: boolean("is_demo").notNull().default(false),
    /**
     * The user whose own demo organization this is. The demo tenant with neither an owner nor a
     * last use is the template the copies are made from (seeded by real scans of the bundled
     * samples, visible to no one); a copy whose owner was deleted keeps its last use and goes idle.
     */
    demoOwnerUserId: uuid("demo_owner_user_id").references((): AnyPgColumn => users.id, {
      onDelete: "set null",
    }),
    /** The last time its owner used a demo organization (never null on one); idle ones are removed (DEMO_IDLE_HOURS). */
    lastActiveAt: timestamp("last_active_at", { withTimezone: true, mode: "date" }),
    /** The GitHub App installation linked to this tenant (one tenant per installation). */
    githubInstallationId: text("github_installation_id"),
    /** Set while GitHub reports the installation suspended: nothing can be fetched or reported. */
    githubInstallationSuspendedAt: timestamp("github_installation_suspended_at", {
      withTimezone: true,
      mode: "date",
    }),
    /**
     * The pull-request gate: a new open finding at or above this severity fails the check run
     * (`none`: the check never fails, it only reports).
     */
    prGateSeverity: text("pr_gate_severity", { enum: PR_GATE_SEVERITIES }).notNull().default("high"),
    auditorAccessEnabled: boolean("auditor_access_enabled").notNull().default(false),
    /** Accepting risk (a waiver) needs a second person: one requests, another approves. */
    fourEyesWaivers: boolean("four_eyes_waivers").notNull().default(false),
    /** "Delete Tenant" closes: gone from lists, no writes, its ledger kept and verifiable. */
    closedAt: timestamp("closed_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  // One template and one demo organization per user: both are created with ON CONFLICT DO NOTHING
  // against these indexes, which makes concurrent seeds safe without a lock.
  (table) => [
    uniqueIndex("tenants_demo_template")
      .on(table.isDemo)
      .where(sql`${table.isDemo} and ${table.demoOwnerUserId} is null and ${table.lastActiveAt} is null`),
    uniqueIndex("tenants_demo_owner").on(table.demoOwnerUserId),
    uniqueIndex("tenants_github_installation").on(table.githubInstallationId),
  ],
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
