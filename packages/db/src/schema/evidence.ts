// The evidence ledger: an append-only hash chain per tenant (evidence_artifacts, with its head
// in ledger_heads so appends serialise on one row), signed checkpoints, verification results,
// and the instance's signing key. Triggers (migration 0032) refuse updates, truncation and deletes
// of artifacts, checkpoints and verifications, except a ledger maintainer erasing a tenant.
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

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const tenantId = () =>
  uuid("tenant_id")
    .notNull()
    .references(() => tenants.id, { onDelete: "cascade" });

export const ARTIFACT_TYPES = [
  "run",
  "finding",
  "fix_pr",
  "evidence_export",
  "attestation",
  "provenance",
  "evidence_file",
  "evidence_review",
  "policy_approval",
  "policy_acknowledgement",
] as const;

export const evidenceArtifacts = pgTable(
  "evidence_artifacts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    /** 0-based position in the tenant's chain. */
    index: integer("index").notNull(),
    artifactType: text("artifact_type", { enum: ARTIFACT_TYPES }).notNull(),
    runId: uuid("run_id"),
    /** The content exactly as hashed (RFC 8785 canonical JSON of it). */
    content: jsonb("content").notNull(),
    contentHash: text("content_hash").notNull(),
    prevHash: text("prev_hash").notNull(),
    hash: text("hash").notNull(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("evidence_artifacts_tenant_index").on(table.tenantId, table.index),
    index("evidence_artifacts_tenant_created").on(table.tenantId, table.createdAt),
  ],
);

export const ledgerHeads = pgTable("ledger_heads", {
  tenantId: uuid("tenant_id")
    .primaryKey()
    .references(() => tenants.id, { onDelete: "cascade" }),
  length: integer("length").notNull(),
  headHash: text("head_hash").notNull(),
  updatedAt: timestamptz("updated_at").notNull().defaultNow(),
});

export const ledgerCheckpoints = pgTable(
  "ledger_checkpoints",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    treeSize: integer("tree_size").notNull(),
    rootHash: text("root_hash").notNull(),
    /** The signed note (C2SP checkpoint), as published. */
    note: text("note").notNull(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (table) => [index("ledger_checkpoints_tenant_created").on(table.tenantId, table.createdAt)],
);

export const ledgerVerifications = pgTable(
  "ledger_verifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    isValid: boolean("is_valid").notNull(),
    length: integer("length").notNull(),
    headHash: text("head_hash"),
    /** The first entry that failed, and why. */
    failedIndex: integer("failed_index"),
    reason: text("reason"),
    verifiedAt: timestamptz("verified_at").notNull().defaultNow(),
  },
  (table) => [index("ledger_verifications_tenant_verified").on(table.tenantId, table.verifiedAt)],
);

/** Instance-wide secrets generated once and kept (the ledger signing key). */
export const instanceKeys = pgTable("instance_keys", {
  name: text("name").primaryKey(),
  privateKeyPem: text("private_key_pem").notNull(),
  createdAt: timestamptz("created_at").notNull().defaultNow(),
});

/**
 * The signing key's rotations (migration 0034): a statement per rotation, signed by the retiring and
 * the new key, published with the public key and carried by exports. Append-only.
 */
export const ledgerKeyRotations = pgTable("ledger_key_rotations", {
  id: uuid("id").primaryKey().defaultRandom(),
  previousFingerprint: text("previous_fingerprint").notNull().unique(),
  nextFingerprint: text("next_fingerprint").notNull().unique(),
  /** The DSSE envelope of the rotation statement (packages/ledger key-rotation.ts). */
  statement: jsonb("statement").notNull(),
  rotatedAt: timestamptz("rotated_at").notNull(),
  createdAt: timestamptz("created_at").notNull().defaultNow(),
});

/** Signed compliance attestations: an in-toto Statement in a DSSE envelope. */
export const attestations = pgTable(
  "attestations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    /** SHA-256 of the envelope's canonical JSON. */
    bundleHash: text("bundle_hash").notNull(),
    envelope: jsonb("envelope").notNull(),
    /** The key delegation statement when a delegate of the instance key signed (packages/ledger key-delegation.ts). */
    delegation: jsonb("delegation"),
    /** The decoded Statement, for display. */
    statement: jsonb("statement").notNull(),
    periodStart: timestamptz("period_start").notNull(),
    periodEnd: timestamptz("period_end").notNull(),
    /** Set only when an external anchor is configured and really made. */
    blockchainAnchor: text("blockchain_anchor"),
    trigger: text("trigger", { enum: ["schedule", "manual"] }).notNull(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (table) => [index("attestations_tenant_created").on(table.tenantId, table.createdAt)],
);

/** SLSA provenance: emitted by each scan, or uploaded, with whether its signature verified. */
export const provenanceAttestations = pgTable(
  "provenance_attestations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    runId: uuid("run_id"),
    source: text("source", { enum: ["scan", "upload"] }).notNull(),
    envelope: jsonb("envelope").notNull(),
    /** The key delegation statement when a delegate of the instance key signed the envelope. */
    delegation: jsonb("delegation"),
    /** The first verified signature's key id, when one verified. */
    signatureRef: text("signature_ref"),
    verified: boolean("verified").notNull(),
    verificationError: text("verification_error"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (table) => [index("provenance_tenant_created").on(table.tenantId, table.createdAt)],
);

/** Public keys a tenant trusts for uploaded provenance, besides the instance's own. */
export const trustedKeys = pgTable(
  "trusted_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    name: text("name").notNull(),
    publicKeyPem: text("public_key_pem").notNull(),
    fingerprint: text("fingerprint").notNull(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (table) => [uniqueIndex("trusted_keys_tenant_fingerprint").on(table.tenantId, table.fingerprint)],
);
