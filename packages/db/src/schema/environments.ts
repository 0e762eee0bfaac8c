// Environments (dev, test, staging, prod) with their declared and observed state sources, the
// drift found between them at the last sync, and the syncs themselves (queued, running, done).
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { tenants } from "./identity.ts";
import { SEVERITY_VALUES } from "./scanning.ts";

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const tenantId = () =>
  uuid("tenant_id")
    .notNull()
    .references(() => tenants.id, { onDelete: "cascade" });

export const ENVIRONMENT_TYPES = ["dev", "test", "staging", "prod"] as const;
export const DRIFT_STATES = ["in_sync", "drift_detected", "unknown"] as const;
export const DRIFT_TYPES = ["missing_resource", "unexpected_resource", "config_change"] as const;
export const SYNC_STATES = ["queued", "running", "completed", "failed"] as const;

export const environments = pgTable(
  "environments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    name: text("name").notNull(),
    type: text("type", { enum: ENVIRONMENT_TYPES }).notNull().default("dev"),
    /** The contract's DeclaredSource (packages/contracts/src/environments.ts), or null. */
    declared: jsonb("declared"),
    /** The contract's ObservedSource without its credential, or null. */
    observed: jsonb("observed"),
    /**
     * The observed source's credential (ObservedCredential as JSON), sealed with AES-256-GCM
     * (apps/server/src/secrets); write-only: no API returns it.
     */
    credential: text("credential"),
    /** The last Terraform state uploaded for a `terraform-upload` source (parsed JSON, size-capped). */
    uploadedState: jsonb("uploaded_state"),
    uploadedStateAt: timestamptz("uploaded_state_at"),
    syncSchedule: text("sync_schedule"),
    driftState: text("drift_state", { enum: DRIFT_STATES }).notNull().default("unknown"),
    /** The contract's DriftStats of the last successful sync. */
    driftStats: jsonb("drift_stats"),
    lastSyncedAt: timestamptz("last_synced_at"),
    /** Why the last sync failed, in words for the user. */
    lastSyncError: text("last_sync_error"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (table) => [uniqueIndex("environments_tenant_name").on(table.tenantId, table.name)],
);

/** One sync of an environment: read the observed state, evaluate the declared one, store drift. */
export const environmentSyncs = pgTable(
  "environment_syncs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    environmentId: uuid("environment_id")
      .notNull()
      .references(() => environments.id, { onDelete: "cascade" }),
    /** `manual` (POST /api/env/sync), `schedule`, or `demo`. */
    triggeredBy: text("triggered_by").notNull(),
    state: text("state", { enum: SYNC_STATES }).notNull().default("queued"),
    /** The commit the declared state was evaluated at. */
    commitSha: text("commit_sha"),
    driftCount: integer("drift_count"),
    /** The contract's DriftStats of a completed sync: the drift per control over time (posture). */
    driftStats: jsonb("drift_stats"),
    error: text("error"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    finishedAt: timestamptz("finished_at"),
  },
  (table) => [
    index("environment_syncs_environment").on(table.tenantId, table.environmentId, table.createdAt),
  ],
);

/** The drift of an environment as its last successful sync found it (replaced by each sync). */
export const driftFindings = pgTable(
  "drift_findings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    environmentId: uuid("environment_id")
      .notNull()
      .references(() => environments.id, { onDelete: "cascade" }),
    syncId: uuid("sync_id").references(() => environmentSyncs.id, { onDelete: "set null" }),
    driftType: text("drift_type", { enum: DRIFT_TYPES }).notNull(),
    resourceType: text("resource_type").notNull(),
    resourceId: text("resource_id").notNull(),
    attribute: text("attribute"),
    iacExpected: jsonb("iac_expected"),
    actualState: jsonb("actual_state"),
    severity: text("severity", { enum: SEVERITY_VALUES }).notNull(),
    securityRelevant: boolean("security_relevant").notNull(),
    /** Rampart control codes (ENV-DRIFT-01 for a changed setting, ENV-DRIFT-02 for a resource). */
    controls: text("controls").array().notNull(),
    detectedAt: timestamptz("detected_at").notNull().defaultNow(),
  },
  (table) => [index("drift_findings_environment").on(table.tenantId, table.environmentId)],
);
