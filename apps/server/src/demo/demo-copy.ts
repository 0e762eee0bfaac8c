// Copies the demo template's data into a user's own demo tenant, inside the caller's transaction:
// every tenant table's rows with new ids and the new tenant id, references between them followed
// (columns, and ids or ledger hashes inside text and JSON), and the evidence chain rebuilt entry by
// entry through the ledger service, so the copy's chain is its own and verifies. Signed documents
// that name copied records (scan provenance, compliance attestations) are signed anew.

import { randomUUID } from "node:crypto";
import type { Database } from "@rampart/db/client";
import { attestations, sbomArtifacts } from "@rampart/db/schema";
import {
  canonicalize,
  contentHash,
  type DsseEnvelope,
  ledgerTree,
  type Signer,
  signEnvelopeDelegable,
} from "@rampart/ledger";
import { sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { ArtifactType, LedgerService } from "../evidence/ledger.service.ts";
import { type TenantTable, tenantTables, treatmentOf } from "./tenant-tables.ts";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Row = Record<string, unknown>;

const INSERT_CHUNK = 2_000;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const SHA256_HEX = /\b[0-9a-f]{64}\b/g;

export interface CopyReport {
  /** Rows written per table (the ledger's entries under evidence_artifacts). */
  rows: Record<string, number>;
  /** Milliseconds per step (reading the template, the ledger, each table's inserts), for the bench. */
  ms: Record<string, number>;
}

/** Rewrites ids and ledger hashes of the template into the copy's, in any value. */
export class Remapper {
  readonly ids = new Map<string, string>();
  readonly hashes = new Map<string, string>();

  string(text: string): string {
    let out = text;
    if (this.ids.size > 0 && text.length >= 36) {
      out = out.replace(UUID, (id) => this.ids.get(id.toLowerCase()) ?? id);
    }
    if (this.hashes.size > 0 && text.length >= 64) {
      out = out.replace(SHA256_HEX, (hash) => this.hashes.get(hash) ?? hash);
    }
    return out;
  }

  value(value: unknown): unknown {
    if (typeof value === "string") return this.string(value);
    if (Array.isArray(value)) return value.map((item) => this.value(item));
    if (value instanceof Date || value === null || typeof value !== "object") return value;
    if (isEnvelope(value)) return value; // signed: rewritten only by resign()
    const out: Row = {};
    for (const [key, item] of Object.entries(value)) out[key] = this.value(item);
    return out;
  }
}

function isEnvelope(value: object): value is DsseEnvelope {
  const record = value as Row;
  return (
    typeof record.payload === "string" &&
    typeof record.payloadType === "string" &&
    Array.isArray(record.signatures)
  );
}

/**
 * The envelope's JSON payload with the template's ids and hashes replaced, signed with the
 * instance signer; `adjust` may change the decoded statement before it is signed.
 */
async function resign(
  envelope: DsseEnvelope,
  remap: Remapper,
  signer: Signer,
  adjust: (statement: Row) => Row = (statement) => statement,
): Promise<{ envelope: DsseEnvelope; delegation: DsseEnvelope | null; statement: Row }> {
  const decoded = JSON.parse(Buffer.from(envelope.payload, "base64").toString("utf8")) as Row;
  const statement = adjust(remap.value(decoded) as Row);
  const signed = await signEnvelopeDelegable(envelope.payloadType, canonicalize(statement), signer);
  return { envelope: signed.envelope, delegation: signed.delegation ?? null, statement };
}

/** Rows as the database names their columns, so that they go back in unchanged in shape. */
async function selectRows(tx: Transaction, table: PgTable, templateId: string): Promise<Row[]> {
  const result = await tx.execute(sql`select * from ${table} where tenant_id = ${templateId}`);
  return (result as unknown as { rows: Row[] }).rows;
}

/**
 * One parameter per statement, the rows as a JSON array the database turns back into table rows:
 * much faster than thousands of bound parameters on PGlite, and the same on PostgreSQL.
 */
async function insertRows(tx: Transaction, table: PgTable, rows: Row[]) {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    const json = JSON.stringify(rows.slice(i, i + INSERT_CHUNK));
    await tx.execute(
      sql`insert into ${table} select * from jsonb_populate_recordset(null::${table}, ${json}::jsonb)`,
    );
  }
}

export async function copyTemplate(
  tx: Transaction,
  input: {
    templateId: string;
    tenantId: string;
    ledger: LedgerService;
    /** The instance signer, loaded before the transaction. */
    signer: Signer;
  },
): Promise<CopyReport> {
  const { templateId, tenantId, ledger, signer } = input;
  const tables = tenantTables();
  const remap = new Remapper();
  remap.ids.set(templateId, tenantId);
  const report: CopyReport = { rows: {}, ms: {} };
  let mark = performance.now();
  const lap = (step: string) => {
    const at = performance.now();
    report.ms[step] = Math.round(at - mark);
    mark = at;
  };

  // Read everything first: a reference may point to a table copied later (findings → waivers).
  const source = new Map<string, { table: TenantTable; rows: Row[] }>();
  for (const table of tables) {
    if (treatmentOf(table.name).kind === "skip") continue;
    const rows = await selectRows(tx, table.table, templateId);
    source.set(table.name, { table, rows });
    // Every uuid primary key gets a new value; composite keys are made of references and follow.
    for (const row of rows) if (typeof row.id === "string") remap.ids.set(row.id, randomUUID());
  }

  lap("read");
  const rowsOf = (name: string) => source.get(name)?.rows ?? [];
  const copyRow = (row: Row): Row => remap.value(row) as Row;

  // SBOMs name only what was scanned, but their hash is cited by the ledger: fix it up first.
  const sbomRows = rowsOf("sbom_artifacts").map((row) => {
    const copy = copyRow(row);
    const sbomHash = contentHash(copy.sbom_data);
    if (sbomHash !== row.sbom_hash) remap.hashes.set(String(row.sbom_hash), sbomHash);
    return { ...copy, sbom_hash: sbomHash };
  });

  // The chain, in order: each entry's content names the copy's records and earlier hashes.
  const attestationRows = new Map(rowsOf("attestations").map((row) => [String(row.id), row]));
  const resignedAttestations = new Map<string, Row>();
  const artifacts = [...rowsOf("evidence_artifacts")].sort((a, b) => Number(a.index) - Number(b.index));
  const chain: { hash: string; index: number; prevHash: string; contentHash: string }[] = [];
  for (const artifact of artifacts) {
    const content = artifact.content as Row;
    if (content?.kind === "compliance-attestation") {
      const row = attestationRows.get(String(content.attestationId));
      if (row) {
        const resigned = await resignAttestation(row, remap, signer, chain);
        resignedAttestations.set(String(row.id), resigned);
        remap.hashes.set(String(row.bundle_hash), String(resigned.bundle_hash));
      }
    }
    const appended = await ledger.append(tx, {
      tenantId,
      artifactType: artifact.artifact_type as ArtifactType,
      content: remap.value(content),
      ...(artifact.run_id ? { runId: remap.string(String(artifact.run_id)) } : {}),
      createdAt: new Date(artifact.created_at as string | Date),
    });
    remap.hashes.set(String(artifact.hash), appended.hash);
    chain.push(appended);
  }
  report.rows.evidence_artifacts = chain.length;
  if (chain.length > 0) await ledger.storeCheckpoint(tx, tenantId, signer);
  lap("ledger");

  for (const { table, rows } of source.values()) {
    const treatment = treatmentOf(table.name);
    if (treatment.kind !== "copy") continue;
    let copies: Row[] = [];
    if (table.table === sbomArtifacts) copies = sbomRows;
    else if (table.table === attestations) {
      for (const row of rows) {
        copies.push(
          resignedAttestations.get(String(row.id)) ?? (await resignAttestation(row, remap, signer, chain)),
        );
      }
    } else {
      for (const row of rows) {
        const copy = copyRow(row);
        for (const [key, value] of Object.entries(row)) {
          // The delegation that vouched for the template's signer follows its envelope's new signature.
          if (key === "delegation") continue;
          if (value && typeof value === "object" && !Array.isArray(value) && isEnvelope(value)) {
            const resigned = await resign(value, remap, signer);
            copy[key] = resigned.envelope;
            if ("delegation" in row) copy.delegation = resigned.delegation;
          }
        }
        copies.push(copy);
      }
    }
    lap(`${table.name} remap`);
    await insertRows(tx, table.table, copies);
    report.rows[table.name] = copies.length;
    lap(table.name);
  }
  return report;
}

/**
 * A compliance attestation of the copy: the same statement about the copy's tenant and the copy's
 * chain at the same size (head and Merkle root of the rebuilt entries), signed anew.
 */
async function resignAttestation(
  row: Row,
  remap: Remapper,
  signer: Signer,
  chain: readonly { hash: string; index: number; prevHash: string; contentHash: string }[],
): Promise<Row> {
  const { envelope, delegation, statement } = await resign(
    row.envelope as DsseEnvelope,
    remap,
    signer,
    (decoded) => {
      const predicate = decoded.predicate as Row | undefined;
      const cited = predicate?.ledger as Row | undefined;
      const size = typeof cited?.treeSize === "number" ? cited.treeSize : undefined;
      if (!predicate || !cited || size === undefined || size < 1 || size > chain.length) return decoded;
      const entries = chain.slice(0, size);
      const head = entries.at(-1)!.hash;
      const rootHash = ledgerTree(entries).root().toString("hex");
      const { checkpoint: _checkpoint, ...rest } = cited;
      const subject = (decoded.subject as Row[] | undefined)?.map((item) => ({
        ...item,
        digest: { ...(item.digest as Row), sha256: head },
      }));
      return { ...decoded, subject, predicate: { ...predicate, ledger: { ...rest, head, rootHash } } };
    },
  );
  return {
    ...(remap.value({ ...row, envelope: undefined, statement: undefined }) as Row),
    envelope,
    delegation,
    statement,
    bundle_hash: contentHash(envelope),
  };
}
