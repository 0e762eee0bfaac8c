// Witnessing a large ledger: for 1,000,000 entries, the Merkle tree and root, a signed checkpoint,
// a consistency proof from 999,000, a round trip to a witness over HTTP on localhost (the ledger's
// witness with its file store, and its client; node:http in this process) and the offline
// verification of the export.
//
// BENCH_WITNESS_ENTRIES: entries (1,000,000). BENCH_WITNESS_OLD: the earlier size (entries - 1,000).
// The export holds every entry's inclusion proof: at 1,000,000 entries the process needs about
// 6 GB of heap (NODE_OPTIONS=--max-old-space-size=8192).
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  appendEntry,
  buildExport,
  type ChainLink,
  createFileStore,
  createWitness,
  cutCheckpoint,
  formatVerifierKey,
  generateKeyPair,
  type LedgerEntry,
  ledgerTree,
  localSigner,
  SIGNATURE_TYPE,
  submitCheckpoint,
  verifyCosignatures,
  verifyExport,
  witnessRequestListener,
} from "@rampart/ledger";
import { markdownTable } from "./lib.ts";

const ENTRIES = Number(process.env.BENCH_WITNESS_ENTRIES ?? 1_000_000);
const OLD_SIZE = Number(process.env.BENCH_WITNESS_OLD ?? ENTRIES - 1_000);
const ORIGIN = "rampart.bench/tenants/t";

const seconds = (ms: number) => (ms / 1000).toFixed(3);
const peakRssMb = () => Math.round(process.resourceUsage().maxRSS / 1024);

async function time<T>(work: () => T | Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await work();
  return { value, ms: performance.now() - start };
}

function chain(count: number): LedgerEntry[] {
  const entries: LedgerEntry[] = new Array(count);
  let previous: ChainLink | null = null;
  for (let n = 0; n < count; n++) {
    const content = { kind: "finding-batch", n, failed: n % 37 };
    const link = appendEntry(previous, content);
    entries[n] = { ...link, content };
    previous = link;
  }
  return entries;
}

export async function run(): Promise<string> {
  const entries = chain(ENTRIES);
  const log = generateKeyPair();
  const timestamp = "2026-11-22T00:00:00Z";

  const tree = await time(() => ledgerTree(entries));
  const root = await time(() => tree.value.root().toString("hex"));
  const signer = localSigner(log.privateKey);
  const checkpoint = await time(() => cutCheckpoint({ origin: ORIGIN, entries, timestamp, signer }));
  const proof = await time(() => tree.value.consistencyProof(OLD_SIZE));
  const earlier = await cutCheckpoint({
    origin: ORIGIN,
    entries: entries.slice(0, OLD_SIZE),
    timestamp,
    signer,
  });

  const stateDir = mkdtempSync(path.join(tmpdir(), "rampart-bench-witness-"));
  const witness = createWitness({
    name: "bench.witness/w",
    privateKey: generateKeyPair().privateKey,
    logs: [{ origin: ORIGIN, vkey: formatVerifierKey(ORIGIN, SIGNATURE_TYPE.ed25519, log.publicKey) }],
    store: createFileStore(path.join(stateDir, "state.json")),
  });
  const server = createServer(witnessRequestListener(witness));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const submit = (oldSize: number, nodes: Buffer[], note: string) =>
    submitCheckpoint({ url, witnessVkey: witness.vkey, oldSize, proof: nodes, note });
  // The witness first sees the earlier checkpoint (the first contact, no proof); then the timed
  // round trip is the usual one: the next checkpoint with its proof from the last cosigned one.
  const first = await submit(0, [], earlier);
  if (first.kind !== "cosigned") throw new Error(`the witness refused the first checkpoint: ${first.kind}`);
  const roundTrip = await time(() => submit(OLD_SIZE, proof.value, checkpoint.value));
  server.close();
  rmSync(stateDir, { recursive: true, force: true });
  if (roundTrip.value.kind !== "cosigned") throw new Error(`the witness refused: ${roundTrip.value.kind}`);
  const cosigned = `${checkpoint.value}${roundTrip.value.lines.map((line) => `${line}\n`).join("")}`;
  const cosignatureCheck = await time(() => verifyCosignatures(cosigned, [witness.vkey]));
  if (!cosignatureCheck.value.ok || cosignatureCheck.value.vouching.length !== 1)
    throw new Error("the cosignature does not verify");

  const built = await time(() =>
    buildExport({
      entries,
      checkpoint: checkpoint.value,
      publicKey: log.publicKey,
      earlierCheckpoint: earlier,
    }),
  );
  const verified = await time(() =>
    verifyExport(built.value, { trustedPublicKey: log.publicKey, earlierCheckpoint: earlier }),
  );
  if (!verified.value.ok) throw new Error("the benchmark export does not verify");

  const size = ENTRIES.toLocaleString("en-US");
  const rows = [
    ["Merkle tree (all levels)", size, seconds(tree.ms)],
    ["root from the tree", size, seconds(root.ms)],
    ["cut + sign a checkpoint (tree, root, Ed25519)", size, seconds(checkpoint.ms)],
    [
      `consistency proof ${OLD_SIZE.toLocaleString("en-US")} → ${size} (${proof.value.length} nodes)`,
      size,
      seconds(proof.ms),
    ],
    [
      "witness round trip over HTTP (verify note and proof, cosign, fsync the state file)",
      size,
      seconds(roundTrip.ms),
    ],
    ["verify the cosignature", size, seconds(cosignatureCheck.ms)],
    ["build the export (inclusion proofs for every entry)", size, seconds(built.ms)],
    ["verify the export (verifyExport: chain, proofs, checkpoint, consistency)", size, seconds(verified.ms)],
  ];
  return [
    markdownTable(["operation", "entries", "seconds"], rows),
    "",
    `- peak RSS ${peakRssMb()} MB (the chain, the tree and the export with its proofs in memory)`,
  ].join("\n");
}
