// The instance's own log: an append-only hash chain (the ledger's, from packages/ledger) whose
// every entry is also signed with the instance's ledger key. It keeps what must stay provable
// after the tenant it concerns is gone: that a tenant was erased, by whom, and what its ledger
// held at that moment.
import { type KeyObject, verify } from "node:crypto";
import type { Database } from "@rampart/db/client";
import { instanceLog } from "@rampart/db/schema";
import { appendEntry, type Signer, verifyChain } from "@rampart/ledger";
import { asc, desc, sql } from "drizzle-orm";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type InstanceLogRow = typeof instanceLog.$inferSelect;
export type InstanceLogKind = InstanceLogRow["kind"];

export const signEntryHash = async (hash: string, signer: Signer) =>
  (await signer.sign(Buffer.from(hash, "hex"))).toString("base64");

/**
 * Appends one entry. A transaction-scoped advisory lock serialises appends (the table may be
 * empty, so there is no row to lock).
 */
async function append(
  tx: Transaction,
  signer: Signer,
  kind: InstanceLogKind,
  content: Record<string, unknown>,
) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('rampart.instance_log'))`);
  const [last] = await tx.select().from(instanceLog).orderBy(desc(instanceLog.index)).limit(1);
  const link = appendEntry(last ?? null, content);
  const signature = await signEntryHash(link.hash, signer);
  const [row] = await tx
    .insert(instanceLog)
    .values({ ...link, kind, content, signature })
    .returning();
  return row!;
}

export function createInstanceLog(deps: {
  db: Database;
  signer: () => Promise<Signer>;
  /** The current key and those rotations link to it: entries signed before a rotation still verify. */
  verificationKeys: () => Promise<KeyObject[]>;
}) {
  return {
    /**
     * An append function for use inside the caller's transaction, so the record and what it
     * records commit together. The signer is loaded first, outside any transaction: loading it
     * may query the database, and PGlite's one connection would wait for the transaction.
     */
    async appender() {
      const signer = await deps.signer();
      return (tx: Transaction, kind: InstanceLogKind, content: Record<string, unknown>) =>
        append(tx, signer, kind, content);
    },

    entries: () => deps.db.select().from(instanceLog).orderBy(asc(instanceLog.index)),

    /** The chain is whole and every entry carries a valid signature by the instance key. */
    async verify(): Promise<{ ok: boolean; length: number; problem?: string }> {
      const rows = await deps.db.select().from(instanceLog).orderBy(asc(instanceLog.index));
      const chain = verifyChain(rows);
      if (!chain.ok) return { ok: false, length: rows.length, problem: `chain: ${chain.reason}` };
      const keys = await deps.verificationKeys();
      for (const row of rows) {
        const message = Buffer.from(row.hash, "hex");
        const signature = Buffer.from(row.signature, "base64");
        if (!keys.some((key) => verify(null, message, key, signature)))
          return { ok: false, length: rows.length, problem: `signature of entry ${row.index}` };
      }
      return { ok: true, length: rows.length };
    },
  };
}

export type InstanceLog = ReturnType<typeof createInstanceLog>;
