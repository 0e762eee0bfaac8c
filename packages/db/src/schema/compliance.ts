// What lets a control pass that no scanner can test: evidence requests and the files submitted
// for them (with their review and comment thread), policies with their versions, approvals and
// acknowledgements, a tenant's own frameworks, and an auditor's reproducible samples. Files
// themselves live in the evidence store (data directory or an S3 bucket), addressed by SHA-256;
// every submission, approval and acknowledgement is also an entry of the evidence ledger.
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { ROLES, tenants, users } from "./identity.ts";

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const tenantId = () =>
  uuid("tenant_id")
    .notNull()
    .references(() => tenants.id, { onDelete: "cascade" });
const userRef = (name: string) => uuid(name).references(() => users.id, { onDelete: "set null" });

export const EVIDENCE_CADENCES = ["once", "monthly", "quarterly", "yearly"] as const;
export const EVIDENCE_KINDS = ["document", "screenshot", "export", "record"] as const;
export const EVIDENCE_REQUEST_STATES = ["missing", "submitted", "accepted", "rejected", "expired"] as const;
/** Where a request came from: a control's evidence spec, or an auditor asking for more. */
export const EVIDENCE_REQUEST_SOURCES = ["control", "auditor"] as const;
export const EVIDENCE_STORAGES = ["files", "s3"] as const;

/**
 * One piece of evidence a control needs, for one period of its cadence. `state` is kept on the
 * row (the state machine lives in the server): missing → submitted → accepted | rejected;
 * accepted → expired when `validUntil` passes, which opens the next period's request.
 */
export const evidenceRequests = pgTable(
  "evidence_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    /** A Rampart control code (or a custom framework's mapped control). */
    controlCode: text("control_code").notNull(),
    /** The control's evidence spec key; auditor requests get a generated key. */
    evidenceKey: text("evidence_key").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    kind: text("kind", { enum: EVIDENCE_KINDS }).notNull(),
    cadence: text("cadence", { enum: EVIDENCE_CADENCES }).notNull(),
    source: text("source", { enum: EVIDENCE_REQUEST_SOURCES }).notNull(),
    state: text("state", { enum: EVIDENCE_REQUEST_STATES }).notNull().default("missing"),
    ownerId: userRef("owner_id"),
    requestedById: userRef("requested_by_id"),
    /** The period this request covers; `once` requests have no end. */
    periodStart: timestamptz("period_start").notNull(),
    periodEnd: timestamptz("period_end"),
    dueAt: timestamptz("due_at").notNull(),
    /** Set when accepted: the end of the period the accepted evidence covers. */
    validUntil: timestamptz("valid_until"),
    /** The submission that decided the current state (the latest submitted, accepted or rejected). */
    currentSubmissionId: uuid("current_submission_id"),
    rejectReason: text("reject_reason"),
    lastRemindedAt: timestamptz("last_reminded_at"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (table) => [
    index("evidence_requests_tenant_state").on(table.tenantId, table.state, table.dueAt),
    index("evidence_requests_tenant_control").on(table.tenantId, table.controlCode, table.evidenceKey),
  ],
);

/** A file submitted for a request. Never changed after review; a new file is a new row. */
export const evidenceSubmissions = pgTable(
  "evidence_submissions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    requestId: uuid("request_id")
      .notNull()
      .references(() => evidenceRequests.id, { onDelete: "cascade" }),
    /** The name as uploaded, reduced to a safe base name. */
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    sha256: text("sha256").notNull(),
    storage: text("storage", { enum: EVIDENCE_STORAGES }).notNull(),
    storageKey: text("storage_key").notNull(),
    note: text("note").notNull().default(""),
    /** The ledger entry recording the file's hash. */
    ledgerArtifactId: uuid("ledger_artifact_id"),
    submittedById: userRef("submitted_by_id"),
    submittedAt: timestamptz("submitted_at").notNull().defaultNow(),
    review: text("review", { enum: ["pending", "accepted", "rejected"] })
      .notNull()
      .default("pending"),
    reviewedById: userRef("reviewed_by_id"),
    reviewedAt: timestamptz("reviewed_at"),
    rejectReason: text("reject_reason"),
  },
  (table) => [index("evidence_submissions_request").on(table.requestId, table.submittedAt)],
);

/** The thread on a request, where an auditor asks and the team answers. */
export const evidenceComments = pgTable(
  "evidence_comments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    requestId: uuid("request_id")
      .notNull()
      .references(() => evidenceRequests.id, { onDelete: "cascade" }),
    authorId: userRef("author_id"),
    /** The author's role when writing: the thread shows who spoke for the auditor. */
    authorRole: text("author_role", { enum: ROLES }).notNull(),
    body: text("body").notNull(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (table) => [index("evidence_comments_request").on(table.requestId, table.createdAt)],
);

/** A tenant's policy; its text lives in versions. `templateKey` names the starter it was adopted from. */
export const policies = pgTable(
  "policies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    /** Stable slug, unique in the tenant (the starter template's key when adopted). */
    key: text("key").notNull(),
    title: text("title").notNull(),
    templateKey: text("template_key"),
    /** Control codes the policy evidences. */
    controlCodes: text("control_codes").array().notNull().default([]),
    ownerId: userRef("owner_id"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (table) => [uniqueIndex("policies_tenant_key").on(table.tenantId, table.key)],
);

/** One version's text. Immutable once approved; the approved version with the highest number is in force. */
export const policyVersions = pgTable(
  "policy_versions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    policyId: uuid("policy_id")
      .notNull()
      .references(() => policies.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    body: text("body").notNull(),
    sha256: text("sha256").notNull(),
    createdById: userRef("created_by_id"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    approvedById: userRef("approved_by_id"),
    approvedAt: timestamptz("approved_at"),
    /** The ledger entry recording the approval. */
    approvalArtifactId: uuid("approval_artifact_id"),
  },
  (table) => [uniqueIndex("policy_versions_policy_version").on(table.policyId, table.version)],
);

/** A member's acknowledgement of one approved version: evidence for the policy's controls. */
export const policyAcknowledgements = pgTable(
  "policy_acknowledgements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    policyVersionId: uuid("policy_version_id")
      .notNull()
      .references(() => policyVersions.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    acknowledgedAt: timestamptz("acknowledged_at").notNull().defaultNow(),
    ledgerArtifactId: uuid("ledger_artifact_id"),
  },
  (table) => [uniqueIndex("policy_acknowledgements_version_user").on(table.policyVersionId, table.userId)],
);

/** A framework a tenant imported (an internal standard, a customer's questionnaire). */
export const customFrameworks = pgTable(
  "custom_frameworks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    name: text("name").notNull(),
    version: text("version").notNull().default(""),
    description: text("description").notNull().default(""),
    createdById: userRef("created_by_id"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (table) => [uniqueIndex("custom_frameworks_tenant_name").on(table.tenantId, table.name)],
);

export const customFrameworkRequirements = pgTable(
  "custom_framework_requirements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    frameworkId: uuid("framework_id")
      .notNull()
      .references(() => customFrameworks.id, { onDelete: "cascade" }),
    /** The framework's own requirement id, as imported. */
    requirementId: text("requirement_id").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    position: integer("position").notNull(),
    controlCodes: text("control_codes").array().notNull().default([]),
  },
  (table) => [
    uniqueIndex("custom_framework_requirements_framework_id").on(table.frameworkId, table.requirementId),
  ],
);

export const SAMPLE_POPULATIONS = [
  "runs",
  "fix-pull-requests",
  "evidence-submissions",
  "policy-acknowledgements",
  "members",
] as const;

/** An auditor's sample: N items drawn from a population with a recorded seed, reproducible. */
export const auditSamples = pgTable(
  "audit_samples",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    population: text("population", { enum: SAMPLE_POPULATIONS }).notNull(),
    windowStart: timestamptz("window_start").notNull(),
    windowEnd: timestamptz("window_end").notNull(),
    size: integer("size").notNull(),
    seed: text("seed").notNull(),
    populationSize: integer("population_size").notNull(),
    /** The ids drawn, in draw order, with what each was when drawn. */
    picks: jsonb("picks").notNull(),
    createdById: userRef("created_by_id"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (table) => [index("audit_samples_tenant_created").on(table.tenantId, table.createdAt)],
);
