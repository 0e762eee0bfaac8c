// Fix pull requests ("PR suggestions"): a `security/fix/<slug>` branch on the code host with one
// commit that applies a finding's fix, its per-tenant PR number and its review state. Numbers are
// handed out from pr_number_counters, one row per tenant, so concurrent openings never share one.
import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { tenants } from "./identity.ts";
import { findings, policyRuns, repositories } from "./scanning.ts";

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const tenantId = () =>
  uuid("tenant_id")
    .notNull()
    .references(() => tenants.id, { onDelete: "cascade" });

export const FIX_KINDS = ["sast", "dependency", "iac"] as const;
export const PR_STATES = ["open", "merged", "closed"] as const;

export const prSuggestions = pgTable(
  "pr_suggestions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    repositoryId: uuid("repository_id")
      .notNull()
      .references(() => repositories.id, { onDelete: "cascade" }),
    runId: uuid("run_id")
      .notNull()
      .references(() => policyRuns.id, { onDelete: "cascade" }),
    /** The finding the fix was opened from; null once its run's findings are gone. */
    findingId: uuid("finding_id").references(() => findings.id, { onDelete: "set null" }),
    /** The fingerprint of the finding it was opened from (stable across runs). */
    findingFingerprint: text("finding_fingerprint").notNull(),
    /**
     * What the change is, so that asking again reuses it: the finding's fingerprint for a patch;
     * `dependencies:<ecosystem>` for the group pull request that holds every dependency upgrade
     * of the repository and ecosystem (`upgrade:<ecosystem>:<file>:<package>@<from>-><to>` on
     * rows opened before fixes were grouped, one per package upgrade).
     */
    fixKey: text("fix_key").notNull(),
    /** Fingerprints of every finding the change fixes: how a finding finds its pull request. */
    fixedFingerprints: text("fixed_fingerprints").array().notNull(),
    ruleId: text("rule_id").notNull(),
    kind: text("kind", { enum: FIX_KINDS }).notNull(),
    /** Sequential per tenant, from pr_number_counters: Rampart's own key, unique in the tenant. */
    number: integer("number").notNull(),
    /**
     * The code host's number of the pull request (GitHub's `#12`), shown instead of Rampart's;
     * null on the local fix remote. Not unique in a tenant: each repository counts from 1.
     */
    hostNumber: integer("host_number"),
    branchName: text("branch_name").notNull(),
    title: text("title").notNull(),
    /** The pull request's description: what was wrong, what the change does. */
    body: text("body").notNull(),
    /** Unified diff of the whole change. */
    patch: text("patch").notNull(),
    baseCommit: text("base_commit").notNull(),
    headCommit: text("head_commit").notNull(),
    url: text("url"),
    state: text("state", { enum: PR_STATES }).notNull().default("open"),
    accepted: boolean("accepted").notNull().default(false),
    merged: boolean("merged").notNull().default(false),
    testsAdded: boolean("tests_added").notNull().default(false),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("pr_suggestions_tenant_number").on(table.tenantId, table.number),
    index("pr_suggestions_tenant_created").on(table.tenantId, table.createdAt.desc()),
    // A code host's pull_request webhook names the repository and its number.
    index("pr_suggestions_host_number").on(table.tenantId, table.repositoryId, table.hostNumber),
    // At most one open pull request per change of a repository: a second request returns the first.
    uniqueIndex("pr_suggestions_open_fix")
      .on(table.tenantId, table.repositoryId, table.fixKey)
      .where(sql`${table.state} = 'open'`),
  ],
);

/** The last PR number handed out per tenant; the upsert that increments it locks the row. */
export const prNumberCounters = pgTable("pr_number_counters", {
  tenantId: uuid("tenant_id")
    .primaryKey()
    .references(() => tenants.id, { onDelete: "cascade" }),
  lastNumber: integer("last_number").notNull(),
});
