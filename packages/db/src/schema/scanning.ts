// Repositories, scans (the queued work), policy runs (the stored result), findings, per-control
// results, finding tracks across runs, and waivers. Every table carries tenant_id and cascades
// from tenants, so deleting a tenant deletes all of it.
import { RUN_REASON_CODES } from "@rampart/contracts/runs";
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { containerImages } from "./containers.ts";
import { tenants, users } from "./identity.ts";

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const tenantId = () =>
  uuid("tenant_id")
    .notNull()
    .references(() => tenants.id, { onDelete: "cascade" });

/**
 * `upload`: created by a CI upload (POST /api/runs/upload); Rampart holds none of its code.
 * `github`: a repository of the tenant's GitHub App installation, fetched with installation tokens.
 */
export const REPOSITORY_SOURCES = ["git", "local", "sample", "upload", "github"] as const;

export const SEVERITY_VALUES = ["critical", "high", "med", "low"] as const;

export const repositories = pgTable(
  "repositories",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    name: text("name").notNull(),
    source: text("source", { enum: REPOSITORY_SOURCES }).notNull(),
    /** The git URL, the local path, the sample's name, or the code host's `owner/name`. */
    location: text("location").notNull(),
    /** The code host's own id of the repository (stable across renames), for `github` sources. */
    externalId: text("external_id"),
    defaultBranch: text("default_branch"),
    scanSchedule: text("scan_schedule"),
    /**
     * The access token git uses to fetch, sealed with AES-256-GCM (apps/server/src/secrets);
     * write-only: no API returns it.
     */
    credential: text("credential"),
    /**
     * When the repository was removed: it is no longer listed, scanned or counted in the current
     * posture, but its runs and findings stay as the evidence they are. Registering it again
     * (by name) restores it.
     */
    archivedAt: timestamptz("archived_at"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("repositories_tenant_name").on(table.tenantId, table.name),
    uniqueIndex("repositories_tenant_external")
      .on(table.tenantId, table.source, table.externalId)
      .where(sql`${table.externalId} is not null`),
  ],
);

/** One requested scan: its progress while it runs, and the run it produced. */
export const scans = pgTable(
  "scans",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    repositoryId: uuid("repository_id")
      .notNull()
      .references(() => repositories.id, { onDelete: "cascade" }),
    triggeredBy: text("triggered_by").notNull(),
    /** A commit, branch or tag to scan; null means the default branch's head. */
    ref: text("ref"),
    state: text("state", { enum: ["queued", "running", "completed", "failed"] })
      .notNull()
      .default("queued"),
    filesScanned: integer("files_scanned").notNull().default(0),
    runId: uuid("run_id"),
    /** The moment the run stands for; null means when it finishes. Set by the demo seed only. */
    asOf: timestamptz("as_of"),
    error: text("error"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (table) => [index("scans_tenant_created").on(table.tenantId, table.createdAt)],
);

export const policyRuns = pgTable(
  "policy_runs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    repositoryId: uuid("repository_id")
      .notNull()
      .references(() => repositories.id, { onDelete: "cascade" }),
    repo: text("repo").notNull(),
    commitSha: text("commit_sha").notNull(),
    /** The commit on the code host's website, when it has one. */
    commitUrl: text("commit_url"),
    triggeredBy: text("triggered_by").notNull(),
    status: text("status", { enum: ["pass", "fail", "skip"] }).notNull(),
    filesScanned: integer("files_scanned").notNull(),
    failedCount: integer("failed_count").notNull(),
    /** Per analyzer: status, files analyzed, skipped files with reasons. */
    analyzers: jsonb("analyzers").notNull(),
    engineVersion: text("engine_version").notNull(),
    selfHash: text("self_hash").notNull(),
    /**
     * Why the run evaluated nothing: a scan that failed (its checkout's fetch reason, an engine
     * error, a worker that died) or was skipped (a scheduled scan past the tenant's quota). Null
     * for a run that evaluated its commit; only those stand for a repository's posture.
     */
    /** Why a run evaluated nothing: the API's RunReasonCode list, one source for both. */
    reasonCode: text("reason_code", { enum: RUN_REASON_CODES }),
    /** The reason as a sentence of ours, safe to show: never git's or a library's text. */
    reason: text("reason"),
    /**
     * The memory the server's scan took: the worker process's peak RSS above its level at the
     * scan's start (0037). Null for uploaded runs, runs that scanned nothing, and older runs.
     */
    peakMemoryBytes: bigint("peak_memory_bytes", { mode: "number" }),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (table) => [
    index("policy_runs_tenant_created").on(table.tenantId, table.createdAt.desc(), table.id.desc()),
    index("policy_runs_repository_created").on(table.repositoryId, table.createdAt.desc()),
  ],
);

export const findings = pgTable(
  "findings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    runId: uuid("run_id")
      .notNull()
      .references(() => policyRuns.id, { onDelete: "cascade" }),
    ruleId: text("rule_id").notNull(),
    analyzer: text("analyzer").notNull(),
    /** The first control the rule evidences; the others are in metadata.controls. */
    controlCode: text("control_code").notNull(),
    severity: text("severity", { enum: SEVERITY_VALUES }).notNull(),
    status: text("status", { enum: ["pass", "fail", "skip"] }).notNull(),
    message: text("message").notNull(),
    filePath: text("file_path"),
    line: integer("line"),
    fingerprint: text("fingerprint").notNull(),
    waiverId: uuid("waiver_id"),
    metadata: jsonb("metadata").notNull(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (table) => [
    index("findings_run").on(table.runId),
    // The control modal: one control's findings in the latest runs.
    index("findings_run_control").on(table.runId, table.controlCode),
    index("findings_tenant_control_created").on(table.tenantId, table.controlCode, table.createdAt.desc()),
    index("findings_tenant_failed_created")
      .on(table.tenantId, table.createdAt.desc())
      .where(sql`${table.status} = 'fail' and ${table.waiverId} is null`),
    // The dashboard's "most severe open findings of a run", read in order without sorting.
    // The CASE must stay identical to SEVERITY_RANK in posture.repo.ts for the planner to use it.
    index("findings_open_ranked_by_run")
      .on(
        table.runId,
        sql`(case ${table.severity} when 'critical' then 0 when 'high' then 1 when 'med' then 2 else 3 end)`,
        table.filePath,
        table.line,
      )
      .where(sql`${table.status} = 'fail' and ${table.waiverId} is null`),
  ],
);

/**
 * Open findings of a run counted by rule: a rollup written with the run (and rewritten when
 * waivers change), so risks, the heatmap and critical counts never scan findings.
 */
export const openRuleCounts = pgTable(
  "open_rule_counts",
  {
    tenantId: tenantId(),
    runId: uuid("run_id")
      .notNull()
      .references(() => policyRuns.id, { onDelete: "cascade" }),
    ruleId: text("rule_id").notNull(),
    analyzer: text("analyzer").notNull(),
    severity: text("severity", { enum: SEVERITY_VALUES }).notNull(),
    controlCode: text("control_code").notNull(),
    count: integer("count").notNull(),
  },
  (table) => [primaryKey({ columns: [table.runId, table.ruleId, table.severity] })],
);

/** Per run and control: how many checks passed and failed, and whether its evidence ran. */
export const controlResults = pgTable(
  "control_results",
  {
    tenantId: tenantId(),
    runId: uuid("run_id")
      .notNull()
      .references(() => policyRuns.id, { onDelete: "cascade" }),
    controlCode: text("control_code").notNull(),
    passes: integer("passes").notNull(),
    failures: integer("failures").notNull(),
    evidence: text("evidence", {
      enum: ["succeeded", "partial", "failed", "not-run", "not-evaluated"],
    }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.runId, table.controlCode] }),
    index("control_results_tenant_control").on(table.tenantId, table.controlCode),
  ],
);

/** A finding followed across the runs of one repository by its fingerprint. */
export const findingTracks = pgTable(
  "finding_tracks",
  {
    tenantId: tenantId(),
    repositoryId: uuid("repository_id")
      .notNull()
      .references(() => repositories.id, { onDelete: "cascade" }),
    fingerprint: text("fingerprint").notNull(),
    ruleId: text("rule_id").notNull(),
    severity: text("severity", { enum: SEVERITY_VALUES }).notNull(),
    firstSeenAt: timestamptz("first_seen_at").notNull(),
    lastSeenAt: timestamptz("last_seen_at").notNull(),
    firstRunId: uuid("first_run_id").notNull(),
    lastRunId: uuid("last_run_id").notNull(),
    /** Set when a later run of the repository no longer has it; cleared if it comes back. */
    fixedAt: timestamptz("fixed_at"),
    fixedRunId: uuid("fixed_run_id"),
  },
  (table) => [
    primaryKey({ columns: [table.repositoryId, table.fingerprint] }),
    index("finding_tracks_tenant_fixed").on(table.tenantId, table.fixedAt),
  ],
);

export const waivers = pgTable(
  "waivers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    scope: text("scope", { enum: ["fingerprint", "rule-path", "rule"] }).notNull(),
    ruleId: text("rule_id").notNull(),
    pathPattern: text("path_pattern"),
    fingerprint: text("fingerprint"),
    reason: text("reason").notNull(),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    authorEmail: text("author_email").notNull(),
    expiresAt: timestamptz("expires_at"),
    revokedAt: timestamptz("revoked_at"),
    revokedBy: text("revoked_by"),
    /** Under four-eyes approval a waiver waits for a second person and waives nothing until then. */
    pending: boolean("pending").notNull().default(false),
    approvedBy: text("approved_by"),
    approvedAt: timestamptz("approved_at"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (table) => [index("waivers_tenant_rule").on(table.tenantId, table.ruleId)],
);

/** The software bill of materials of each run's commit (CycloneDX 1.6 JSON). */
export const sbomArtifacts = pgTable(
  "sbom_artifacts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    /** The run whose checkout this SBOM describes; null for a container image's SBOM. */
    runId: uuid("run_id").references(() => policyRuns.id, { onDelete: "cascade" }),
    /** The uploaded container image this SBOM describes; null for a run's SBOM. */
    imageId: uuid("image_id").references(() => containerImages.id, { onDelete: "cascade" }),
    format: text("format").notNull(),
    /** SHA-256 of the document's canonical JSON. */
    sbomHash: text("sbom_hash").notNull(),
    sbomData: jsonb("sbom_data").notNull(),
    componentCount: integer("component_count").notNull(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (table) => [index("sbom_artifacts_tenant_created").on(table.tenantId, table.createdAt)],
);
