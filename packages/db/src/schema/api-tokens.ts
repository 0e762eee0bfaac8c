// API tokens: how a CI system outside Rampart (GitLab CI, Jenkins, any other) acts for a tenant.
import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { tenants, users } from "./identity.ts";

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * A tenant's token, with the scopes it grants. Only the SHA-256 of its secret is stored, as for
 * sessions and invitations: a leaked table opens no tenant. It belongs to the organization, not to
 * the admin who created it, and is kept after revocation as a record of who could upload.
 */
export const apiTokens = pgTable(
  "api_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** Scope names such as `runs:upload` (packages/contracts/src/api-tokens.ts). */
    scopes: text("scopes").array().notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    /** The secret's first characters (`rmp_AbC123`), to tell tokens apart; never enough to use one. */
    hint: text("hint").notNull(),
    createdById: uuid("created_by_id").references(() => users.id, { onDelete: "set null" }),
    createdByEmail: text("created_by_email").notNull(),
    expiresAt: timestamptz("expires_at").notNull(),
    lastUsedAt: timestamptz("last_used_at"),
    revokedAt: timestamptz("revoked_at"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (table) => [index("api_tokens_tenant").on(table.tenantId, table.createdAt)],
);
