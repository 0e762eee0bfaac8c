// VEX statements: a tenant's decisions about one vulnerability in one package (by purl), made by
// triage in Rampart or imported from an OpenVEX / CycloneDX VEX document. The newest statement
// for a vulnerability and package wins; older ones stay as the history of the decision.
import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { tenants } from "./identity.ts";

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const VEX_STATEMENT_STATUSES = ["not_affected", "affected", "fixed", "under_investigation"] as const;
export const VEX_STATEMENT_SOURCES = ["triage", "import"] as const;

export const vexStatements = pgTable(
  "vex_statements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    vulnerabilityId: text("vulnerability_id").notNull(),
    aliases: text("aliases").array().notNull().default(sql`'{}'::text[]`),
    /** The package; with a version the statement covers only that version. */
    purl: text("purl").notNull(),
    status: text("status", { enum: VEX_STATEMENT_STATUSES }).notNull(),
    /** OpenVEX justification of a not_affected statement. */
    justification: text("justification"),
    impactStatement: text("impact_statement"),
    actionStatement: text("action_statement"),
    /** Who decided: the user's e-mail for triage, the document's author for an import. */
    author: text("author").notNull(),
    /** When the decision was made (the statement's own timestamp for an import). */
    statementAt: timestamptz("statement_at").notNull(),
    source: text("source", { enum: VEX_STATEMENT_SOURCES }).notNull(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (table) => [index("vex_statements_tenant_idx").on(table.tenantId, table.statementAt)],
);
