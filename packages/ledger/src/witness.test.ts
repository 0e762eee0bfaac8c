import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { verifyCosignatures } from "./cosignature.ts";
import { generateKeyPair } from "./signing.ts";
import { forkOf, requestBody, testLog } from "./witness.fixture.ts";
import {
  createMemoryStore,
  createWitness,
  MAX_PROOF_LINES,
  parseAddCheckpointRequest,
  type WitnessStore,
} from "./witness.ts";
import { createFileStore, MAX_RECORDED_FORKS } from "./witness-store.ts";

const NOW = new Date("2026-11-22T12:00:00Z");
const log = testLog("rampart.example.com/tenants/acme", 40);
const witnessKey = generateKeyPair();

function witnessOver(store: WitnessStore = createMemoryStore(), logs = [log]) {
  return createWitness({
    name: "auditor.example/witness",
    privateKey: witnessKey.privateKey,
    logs: logs.map(({ origin, vkey }) => ({ origin, vkey })),
    store,
    now: () => NOW,
  });
}

let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});
function stateFile(): string {
  const dir = mkdtempSync(join(tmpdir(), "rampart-witness-"));
  dirs.push(dir);
  return join(dir, "state.json");
}

/** Submits the log's checkpoint at `size` with a proof from `oldSize`. */
function submit(witness: ReturnType<typeof witnessOver>, oldSize: number, size: number, from = log) {
  return witness.addCheckpoint(requestBody(oldSize, from.proof(oldSize, size), from.checkpoint(size)));
}

describe("parseAddCheckpointRequest", () => {
  it("reads the old size, the proof and the note", () => {
    const proof = log.proof(10, 20);
    const parsed = parseAddCheckpointRequest(requestBody(10, proof, log.checkpoint(20)));
    expect(parsed).toEqual({ oldSize: 10, proof, note: log.checkpoint(20) });
  });

  it("refuses bodies out of shape", () => {
    const node = Buffer.alloc(32, 1).toString("base64");
    const note = log.checkpoint(20);
    const cases = [
      `old 01\n\n${note}`,
      `old -1\n\n${note}`,
      `old 1 \n\n${note}`,
      `new 1\n\n${note}`,
      `old 1\n${node}\n`,
      `old 1\n${Buffer.alloc(31).toString("base64")}\n\n${note}`,
      `old 1\n${node.slice(0, -1)}\n\n${note}`,
      `old 1\n${`${node}\n`.repeat(MAX_PROOF_LINES + 1)}\n${note}`,
      `old 1\n\n${"x".repeat(64 * 1024)}`,
    ];
    for (const body of cases)
      expect(typeof parseAddCheckpointRequest(body), body.slice(0, 20)).toBe("string");
    expect(typeof parseAddCheckpointRequest(`old 1\n${`${node}\n`.repeat(MAX_PROOF_LINES)}\n${note}`)).toBe(
      "object",
    );
  });
});

describe.each([
  ["memory", () => createMemoryStore()],
  ["file", () => createFileStore(stateFile())],
])("a witness (%s store)", (_kind, makeStore) => {
  it("cosigns the first checkpoint, then only consistent extensions", async () => {
    const witness = witnessOver(makeStore());
    const first = await submit(witness, 0, 10);
    expect(first.status).toBe(200);
    const cosigned = `${log.checkpoint(10)}${first.body}`;
    const vouching = verifyCosignatures(cosigned, [witness.vkey]);
    expect(vouching).toEqual({
      ok: true,
      vouching: [{ name: witness.name, vkey: witness.vkey, time: NOW.getTime() / 1000 }],
      failed: [],
    });

    const extension = await submit(witness, 10, 40);
    expect(extension.status).toBe(200);
    expect(verifyCosignatures(`${log.checkpoint(40)}${extension.body}`, [witness.vkey])).toMatchObject({
      vouching: [{ name: witness.name }],
    });
    // The cosignature is over that checkpoint's text, not another's.
    expect(verifyCosignatures(`${log.checkpoint(39)}${extension.body}`, [witness.vkey])).toMatchObject({
      vouching: [],
      failed: [{ message: "does not verify" }],
    });

    // The same checkpoint again is cosigned again (the client may have lost the answer).
    expect((await submit(witness, 40, 40)).status).toBe(200);
    expect((await witness.forks()).forks).toEqual([]);
  });

  it("answers 409 with its size when the old size is not what it holds", async () => {
    const witness = witnessOver(makeStore());
    expect((await submit(witness, 0, 10)).status).toBe(200);
    const stale = await submit(witness, 5, 20);
    expect(stale).toEqual({ status: 409, contentType: "text/x.tlog.size", body: "10\n" });
    const fresh = await submit(witnessOver(makeStore()), 10, 20);
    expect(fresh).toEqual({ status: 409, contentType: "text/x.tlog.size", body: "0\n" });
  });

  it("refuses a smaller checkpoint than the old size with 400", async () => {
    const witness = witnessOver(makeStore());
    expect((await submit(witness, 0, 20)).status).toBe(200);
    const smaller = await witness.addCheckpoint(requestBody(20, [], log.checkpoint(10)));
    expect(smaller.status).toBe(400);
    expect(smaller.body).toContain("old size is larger");
  });

  it("refuses the same size with another root (422) and records the fork", async () => {
    const witness = witnessOver(makeStore());
    expect((await submit(witness, 0, 20)).status).toBe(200);
    const fork = forkOf(log, 40);
    const refused = await witness.addCheckpoint(requestBody(20, [], fork.checkpoint(20)));
    expect(refused.status).toBe(422);
    const { forks } = await witness.forks();
    expect(forks).toEqual([
      {
        origin: log.origin,
        reason: "same-size-different-root",
        stored: { size: 20, rootHash: log.tree.root(20).toString("hex") },
        offered: { size: 20, rootHash: fork.tree.root(20).toString("hex") },
        refusedAt: NOW.toISOString(),
        note: fork.checkpoint(20),
      },
    ]);
    // It still holds the honest tree and cosigns its extension.
    expect((await submit(witness, 20, 40)).status).toBe(200);
  });

  it("refuses a larger fork whose proof cannot lead from its tree (422) and records it", async () => {
    const witness = witnessOver(makeStore());
    expect((await submit(witness, 0, 20)).status).toBe(200);
    const fork = forkOf(log, 40);
    // The fork's own proof from 20 is consistent with the fork's tree, not with the stored one.
    const refused = await witness.addCheckpoint(requestBody(20, fork.proof(20, 40), fork.checkpoint(40)));
    expect(refused.status).toBe(422);
    expect((await witness.forks()).forks).toMatchObject([{ reason: "inconsistent", offered: { size: 40 } }]);
    // A tampered proof node of the honest extension is refused too.
    const proof = log.proof(20, 40);
    proof[0] = Buffer.from(proof[0]!);
    proof[0][0]! ^= 1;
    expect((await witness.addCheckpoint(requestBody(20, proof, log.checkpoint(40)))).status).toBe(422);
    expect((await submit(witness, 20, 40)).status).toBe(200);
  });

  it("answers 404 for an unknown origin and 403 without the log's valid signature", async () => {
    const witness = witnessOver(makeStore());
    const stranger = testLog("other.example/log", 5);
    expect((await submit(witness, 0, 5, stranger)).status).toBe(404);
    // Signed by another key under the right origin.
    const impostor = testLog(log.origin, 5);
    expect((await submit(witness, 0, 5, impostor)).status).toBe(403);
    // A changed byte of the signed text.
    const tampered = log.checkpoint(5).replace("timestamp 2026", "timestamp 2027");
    expect((await witness.addCheckpoint(requestBody(0, [], tampered))).status).toBe(403);
    expect((await witness.addCheckpoint("old 0\n\nnot a note\n")).status).toBe(400);
  });

  it("takes one request per log at a time: two racing forks, one cosigned", async () => {
    const witness = witnessOver(makeStore());
    expect((await submit(witness, 0, 10)).status).toBe(200);
    const fork = forkOf(log, 40);
    const answers = await Promise.all([
      submit(witness, 10, 30),
      witness.addCheckpoint(requestBody(10, fork.proof(10, 30), fork.checkpoint(30))),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
  });
});

describe("the file store", () => {
  it("keeps what the witness cosigned across restarts, in a 0600 file", async () => {
    const file = stateFile();
    expect((await submit(witnessOver(createFileStore(file)), 0, 20)).status).toBe(200);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const restarted = witnessOver(createFileStore(file));
    expect((await submit(restarted, 0, 30)).body).toBe("20\n");
    expect((await submit(restarted, 20, 30)).status).toBe(200);
    const fork = forkOf(log, 40);
    expect((await restarted.addCheckpoint(requestBody(30, [], fork.checkpoint(30)))).status).toBe(422);
    const again = witnessOver(createFileStore(file));
    expect((await again.forks()).forks).toHaveLength(1);
  });

  it("refuses to start over from a damaged state file", async () => {
    const file = stateFile();
    writeFileSync(file, "{ not json");
    const witness = witnessOver(createFileStore(file));
    expect((await submit(witness, 0, 10)).status).toBe(500);
    expect(readFileSync(file, "utf8")).toBe("{ not json");
    await expect(witness.forks()).rejects.toThrow("not JSON");
  });

  it("counts forks past the bound instead of growing without end", async () => {
    const file = stateFile();
    await submit(witnessOver(createFileStore(file)), 0, 20);
    const base = JSON.parse(readFileSync(file, "utf8"));
    const record = {
      origin: log.origin,
      reason: "inconsistent",
      stored: { size: 1, rootHash: "0".repeat(64) },
      offered: { size: 2, rootHash: "1".repeat(64) },
      refusedAt: NOW.toISOString(),
    };
    writeFileSync(file, JSON.stringify({ ...base, forks: Array(MAX_RECORDED_FORKS).fill(record) }));
    const witness = witnessOver(createFileStore(file));
    const fork = forkOf(log, 40);
    expect((await witness.addCheckpoint(requestBody(20, [], fork.checkpoint(20)))).status).toBe(422);
    const recorded = await witness.forks();
    expect(recorded.forks).toHaveLength(MAX_RECORDED_FORKS);
    expect(recorded.omitted).toBe(1);
  });
});

describe("createWitness", () => {
  it("refuses a log listed twice, a bad log key and a cosigner key as a log key", () => {
    const store = createMemoryStore();
    const base = { name: "w.example/a", privateKey: witnessKey.privateKey, store };
    const entry = { origin: log.origin, vkey: log.vkey };
    expect(() => createWitness({ ...base, logs: [entry, entry] })).toThrow("twice");
    expect(() => createWitness({ ...base, logs: [{ ...entry, vkey: "x+00000000+AA==" }] })).toThrow(
      TypeError,
    );
    const cosigner = witnessOver().vkey;
    expect(() => createWitness({ ...base, logs: [{ ...entry, vkey: cosigner }] })).toThrow("Ed25519 (0x01)");
    expect(() => createWitness({ ...base, name: "has space", logs: [] })).toThrow("invalid witness name");
  });
});
