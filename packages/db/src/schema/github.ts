// The GitHub App side of the code host: the instance's App when it was created from Rampart (the
// GITHUB_* environment variables take precedence over it), the webhook deliveries already
// processed, and pull-request scans (a pull request's head commit, the scans that judge it and what
// was reported back on it). Installations link to tenants through tenants.github_installation_id.
import { sql } from "drizzle-orm";
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { tenants, users } from "./identity.ts";
import { policyRuns, repositories, scans } from "./scanning.ts";

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * The App created through GitHub's manifest flow. Instance-wide (every tenant installs the same
 * App), so it has no tenant_id; its secrets are sealed with the secret box and no API returns them.
 * At most one row: the unique index on a constant refuses a second.
 */
export const githubApps = pgTable(
  "github_apps",
  {
    appId: bigint("app_id", { mode: "number" }).primaryKey(),
    slug: text("slug").notNull(),
    /** The App's page on GitHub, e.g. https://github.com/apps/rampart-acme. */
    htmlUrl: text("html_url").notNull(),
    ownerLogin: text("owner_login"),
    clientId: text("client_id"),
    sealedPrivateKey: text("sealed_private_key").notNull(),
    sealedWebhookSecret: text("sealed_webhook_secret").notNull(),
    sealedClientSecret: text("sealed_client_secret"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  () => [uniqueIndex("github_apps_one").on(sql`(true)`)],
);

/** X-GitHub-Delivery ids already taken in, so a replayed delivery is processed once. */
export const githubWebhookDeliveries = pgTable(
  "github_webhook_deliveries",
  {
    id: text("id").primaryKey(),
    event: text("event").notNull(),
    action: text("action"),
    installationId: text("installation_id"),
    receivedAt: timestamptz("received_at").notNull().defaultNow(),
  },
  (table) => [index("github_webhook_deliveries_received").on(table.receivedAt)],
);

export const PULL_REQUEST_SCAN_STATES = ["scanning", "reported", "failed", "closed"] as const;

/**
 * One push to a pull request: its head commit is scanned (`pr:<number>`) and compared with the
 * base commit's run, then reported as one check run, the pull request's comment and suggestions.
 */
export const pullRequestScans = pgTable(
  "pull_request_scans",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: uuid("tenant_id")
      .notNull()
      .references(() => tenants.id, { onDelete: "cascade" }),
    repositoryId: uuid("repository_id")
      .notNull()
      .references(() => repositories.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    headSha: text("head_sha").notNull(),
    /** The base branch's commit named by the event; the comparison uses their merge base. */
    baseSha: text("base_sha").notNull(),
    baseRef: text("base_ref").notNull(),
    /** The commit the head is compared with: the merge base of base and head, once known. */
    compareSha: text("compare_sha"),
    headScanId: uuid("head_scan_id").references(() => scans.id, { onDelete: "set null" }),
    /** Null when a stored run of the compared commit was reused. */
    baseScanId: uuid("base_scan_id").references(() => scans.id, { onDelete: "set null" }),
    baseRunId: uuid("base_run_id").references(() => policyRuns.id, { onDelete: "set null" }),
    /** The host's id of the check run reporting this scan. */
    checkRunId: text("check_run_id"),
    state: text("state", { enum: PULL_REQUEST_SCAN_STATES }).notNull().default("scanning"),
    error: text("error"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    reportedAt: timestamptz("reported_at"),
  },
  (table) => [
    index("pull_request_scans_pull").on(table.tenantId, table.repositoryId, table.number, table.createdAt),
    index("pull_request_scans_head_scan").on(table.headScanId),
    index("pull_request_scans_base_scan").on(table.baseScanId),
  ],
);
