// The evidence ledger: append rate and full-chain verification of the pure @rampart/ledger chain
// for 1,000,000 entries, the Merkle root and a signed checkpoint over them; then appends through
// the server's ledger service (one transaction per append, the head row locked, as runs do) and a
// verification of the stored chain, on PGlite and, when a URL is given, on PostgreSQL.
//
// BENCH_LEDGER_ENTRIES: entries of the pure chain (1,000,000). BENCH_LEDGER_DB_ENTRIES: appends
// through the service on PostgreSQL (10,000); BENCH_LEDGER_PGLITE_ENTRIES: on PGlite (2,000: one
// append costs ~25 ms there on a busy 2-core machine, so 10,000 twice would take ~10 minutes).
// BENCH_LEDGER_DB_CONCURRENCY: parallel appenders in the second database run (10), which queue on
// the tenant's head row.

import { createHash } from "node:crypto";
import { tenants } from "@rampart/db/schema";
import {
  appendEntry,
  type ChainLink,
  cutCheckpoint,
  exportPrivateKeyPem,
  generateKeyPair,
  type LedgerEntry,
  ledgerTree,
  localSigner,
  verifyChain,
} from "@rampart/ledger";
import { createLedgerService } from "../apps/server/src/evidence/ledger.service.ts";
import { type Backend, backends, markdownTable, openBenchDatabase } from "./lib.ts";

const ENTRIES = Number(process.env.BENCH_LEDGER_ENTRIES ?? 1_000_000);
const DB_ENTRIES: Record<Backend, number> = {
  postgres: Number(process.env.BENCH_LEDGER_DB_ENTRIES ?? 10_000),
  pglite: Number(process.env.BENCH_LEDGER_PGLITE_ENTRIES ?? 2_000),
};
const DB_CONCURRENCY = Number(process.env.BENCH_LEDGER_DB_CONCURRENCY ?? 10);

const peakRssMb = () => Math.round(process.resourceUsage().maxRSS / 1024);
const format = (value: number) => Math.round(value).toLocaleString("en-US");
const seconds = (ms: number) => (ms / 1000).toFixed(2);

function time<T>(work: () => T): { value: T; ms: number } {
  const start = performance.now();
  const value = work();
  return { value, ms: performance.now() - start };
}

/** Content shaped like a run's finding batch, the most common artifact (about 200 bytes of JSON). */
function findingBatch(n: number) {
  const digest = createHash("sha256").update(String(n)).digest("hex");
  return {
    kind: "finding-batch",
    runId: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
    count: n % 500,
    failed: n % 37,
    digest,
  };
}

async function pureChain(): Promise<{ rows: (string | number)[][]; notes: string[] }> {
  // Contents exist before they are appended (they are what a run produced): made outside the timing.
  const contents = Array.from({ length: ENTRIES }, (_, n) => findingBatch(n));

  const appended = time(() => {
    const entries: LedgerEntry[] = new Array(ENTRIES);
    let previous: ChainLink | null = null;
    for (let n = 0; n < ENTRIES; n++) {
      const link = appendEntry(previous, contents[n]);
      entries[n] = { ...link, content: contents[n] };
      previous = link;
    }
    return entries;
  });
  const entries = appended.value;
  const verified = time(() => verifyChain(entries));
  if (!verified.value.ok) throw new Error(`the benchmark chain does not verify: ${verified.value.message}`);
  const merkle = time(() => ledgerTree(entries).root().toString("hex"));
  const { privateKey } = generateKeyPair();
  const checkpointStart = performance.now();
  await cutCheckpoint({
    origin: "rampart.bench/tenants/t",
    entries,
    timestamp: "2026-11-22T00:00:00Z",
    signer: localSigner(privateKey),
  });
  const checkpoint = { ms: performance.now() - checkpointStart };

  const rows = [
    [
      "append (appendEntry: canonical JSON, 2 × SHA-256)",
      format(ENTRIES),
      seconds(appended.ms),
      format(ENTRIES / (appended.ms / 1000)),
    ],
    [
      "verify whole chain (verifyChain)",
      format(ENTRIES),
      seconds(verified.ms),
      format(ENTRIES / (verified.ms / 1000)),
    ],
    [
      "Merkle tree + root (RFC 9162)",
      format(ENTRIES),
      seconds(merkle.ms),
      format(ENTRIES / (merkle.ms / 1000)),
    ],
    [
      "signed checkpoint (tree + root + Ed25519)",
      format(ENTRIES),
      seconds(checkpoint.ms),
      format(ENTRIES / (checkpoint.ms / 1000)),
    ],
  ];
  return {
    rows,
    notes: [`pure chain: peak RSS ${peakRssMb()} MB (contents, entries and the tree in memory)`],
  };
}

async function serviceAppends(): Promise<{ rows: (string | number)[][]; notes: string[] }> {
  const rows: (string | number)[][] = [];
  for (const backend of backends()) {
    const { database, cleanup } = await openBenchDatabase(backend);
    const count = DB_ENTRIES[backend];
    try {
      const ledger = createLedgerService({
        db: database.ownerDb,
        origin: "rampart.bench",
        keySource: { kind: "environment", text: exportPrivateKeyPem(generateKeyPair().privateKey) },
      });
      const [sequentialTenant, concurrentTenant] = await database.ownerDb
        .insert(tenants)
        .values([{ name: "bench sequential" }, { name: "bench concurrent" }])
        .returning();

      const appendOne = (tenantId: string, n: number) =>
        database.ownerDb.transaction((tx) =>
          ledger.append(tx, { tenantId, artifactType: "finding", content: findingBatch(n) }),
        );

      let start = performance.now();
      for (let n = 0; n < count; n++) await appendOne(sequentialTenant!.id, n);
      const sequentialMs = performance.now() - start;
      rows.push([
        backend,
        "append, 1 appender",
        format(count),
        seconds(sequentialMs),
        format(count / (sequentialMs / 1000)),
      ]);

      let next = 0;
      start = performance.now();
      await Promise.all(
        Array.from({ length: DB_CONCURRENCY }, async () => {
          while (next < count) await appendOne(concurrentTenant!.id, next++);
        }),
      );
      const concurrentMs = performance.now() - start;
      rows.push([
        backend,
        `append, ${DB_CONCURRENCY} parallel appenders`,
        format(count),
        seconds(concurrentMs),
        format(count / (concurrentMs / 1000)),
      ]);

      start = performance.now();
      const verification = await ledger.verify(concurrentTenant!.id);
      const verifyMs = performance.now() - start;
      if (!verification.isValid || verification.length !== count) {
        throw new Error(`${backend}: the parallel appends left a broken chain: ${verification.reason}`);
      }
      rows.push([
        backend,
        "verify stored chain (read + verifyChain)",
        format(count),
        seconds(verifyMs),
        format(count / (verifyMs / 1000)),
      ]);
    } finally {
      await cleanup();
    }
  }
  return {
    rows,
    notes: [`after the database runs: peak RSS ${peakRssMb()} MB (high-water mark of the whole process)`],
  };
}

export async function run(): Promise<string> {
  const pure = await pureChain();
  const service = await serviceAppends();
  return [
    markdownTable(["operation", "entries", "seconds", "entries/s"], pure.rows),
    "",
    markdownTable(["backend", "operation (ledger service)", "entries", "seconds", "entries/s"], service.rows),
    "",
    ...[...pure.notes, ...service.notes].map((note) => `- ${note}`),
  ].join("\n");
}
