// What vouches for a tenant's ledger from outside Rampart: witness cosignatures and RFC 3161
// timestamp tokens on its checkpoints (append-only, like the checkpoints they anchor), and the
// alerts raised when the chain no longer matches what was signed, cosigned or exported.
import { customType, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { ledgerCheckpoints } from "./evidence.ts";
import { tenants } from "./identity.ts";

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const tenantId = () =>
  uuid("tenant_id")
    .notNull()
    .references(() => tenants.id, { onDelete: "cascade" });
const checkpointId = () =>
  uuid("checkpoint_id")
    .notNull()
    .references(() => ledgerCheckpoints.id, { onDelete: "cascade" });

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

/** One witness's cosignature (C2SP tlog-cosignature) on one checkpoint. */
export const ledgerCosignatures = pgTable(
  "ledger_cosignatures",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    checkpointId: checkpointId(),
    /** The witness's key name, as in its verifier key. */
    witness: text("witness").notNull(),
    /** The signature line, `— <name> <base64>`, as the witness sent it. */
    line: text("line").notNull(),
    /** The time the witness put in its cosignature. */
    cosignedAt: timestamptz("cosigned_at").notNull(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("ledger_cosignatures_checkpoint_witness").on(table.checkpointId, table.witness),
    index("ledger_cosignatures_tenant_witness").on(table.tenantId, table.witness),
  ],
);

/** An RFC 3161 timestamp token over one checkpoint's note body. */
export const ledgerTimestamps = pgTable(
  "ledger_timestamps",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    checkpointId: checkpointId(),
    /** The DER TimeStampToken (CMS ContentInfo). */
    token: bytea("token").notNull(),
    /** The token's serial number, hex. */
    serial: text("serial").notNull(),
    genTime: timestamptz("gen_time").notNull(),
    /** The time-stamping authority's name (or its signer's subject). */
    tsa: text("tsa").notNull(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (table) => [uniqueIndex("ledger_timestamps_checkpoint").on(table.checkpointId)],
);

export const LEDGER_ALERT_KINDS = ["rewrite", "fork", "broken-link"] as const;

/**
 * A tenant's ledger failed a check: its history was rewritten, a witness saw a fork, or a link of
 * the chain broke. Kept for good; while a tenant has one, nothing is signed over its chain.
 */
export const ledgerAlerts = pgTable(
  "ledger_alerts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tenantId: tenantId(),
    kind: text("kind", { enum: LEDGER_ALERT_KINDS }).notNull(),
    message: text("message").notNull(),
    /** The checkpoint the chain no longer matches (no foreign key: a rewrite may delete it). */
    checkpointId: uuid("checkpoint_id"),
    /** That checkpoint's tree size, kept in case the row goes. */
    treeSize: integer("tree_size"),
    detectedAt: timestamptz("detected_at").notNull().defaultNow(),
  },
  (table) => [index("ledger_alerts_tenant_detected").on(table.tenantId, table.detectedAt)],
);
