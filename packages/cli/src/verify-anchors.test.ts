// `rampart verify` with the auditor's witnesses and TSA roots: an export whose anchored checkpoint
// is cosigned by witnesses and timestamped by an RFC 3161 TSA (a real one, in this process).
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  buildChain,
  buildExport,
  cosignCheckpoint,
  cosignerVerifierKey,
  cutCheckpoint,
  exportPublicKeyPem,
  generateKeyPair,
  localSigner,
  requestTimestamp,
} from "@rampart/ledger";
import { startTestTsa, type TestTsa } from "@rampart/ledger/testing/test-tsa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runRampart } from "../test/run-rampart.ts";

const ORIGIN = "rampart.test/tenants/t";
const log = generateKeyPair();
const entries = buildChain(Array.from({ length: 9 }, (_, n) => ({ kind: "policy-run", runId: `run-${n}` })));

function witness(name: string) {
  const { privateKey, publicKey } = generateKeyPair();
  return { name, privateKey, vkey: cosignerVerifierKey(name, publicKey) };
}

function checkpointOf(size: number): Promise<string> {
  return cutCheckpoint({
    origin: ORIGIN,
    entries: entries.slice(0, size),
    timestamp: "2026-11-22T12:00:00Z",
    signer: localSigner(log.privateKey),
  });
}

describe("rampart verify --witness --tsa-root", () => {
  const dir = mkdtempSync(join(tmpdir(), "rampart-verify-anchors-"));
  const w1 = witness("witness.example.com/w1");
  const w2 = witness("witness.example.org/w2");
  let tsa: TestTsa;

  beforeAll(async () => {
    tsa = await startTestTsa({ name: "CLI TSA" });
    const note = await checkpointOf(6);
    const body = note.slice(0, note.lastIndexOf("\n\n") + 1);
    const lines = [w1, w2].map(
      (signer) =>
        `${cosignCheckpoint({ name: signer.name, privateKey: signer.privateKey, checkpointText: body, time: 1_790_000_000 })}\n`,
    );
    const stamped = await requestTimestamp({ url: tsa.url, data: body, timeoutMs: 5_000 });
    if (!stamped.ok) throw new Error(stamped.message);
    const other = await requestTimestamp({ url: tsa.url, data: `${body}x`, timeoutMs: 5_000 });
    if (!other.ok) throw new Error(other.message);
    const document = buildExport({
      entries,
      checkpoint: await checkpointOf(9),
      publicKey: log.publicKey,
      anchors: { checkpoint: note + lines.join(""), timestamp: stamped.token },
    });
    writeFileSync(join(dir, "export.json"), JSON.stringify(document, null, 2));
    const swapped = {
      ...document,
      anchors: { ...document.anchors!, timestamp: other.token.toString("base64") },
    };
    writeFileSync(join(dir, "swapped.json"), JSON.stringify(swapped, null, 2));
    writeFileSync(join(dir, "key.pem"), exportPublicKeyPem(log.publicKey));
    writeFileSync(join(dir, "witnesses.txt"), `# the auditor's witnesses\n${w2.vkey}\n\n`);
    writeFileSync(join(dir, "tsa-root.pem"), tsa.rootPem);
  });
  afterAll(() => tsa.close());

  it("reports how many witnesses vouch and names the TSA and its time", async () => {
    const result = await runRampart(dir, [
      "verify",
      "export.json",
      "--key",
      "key.pem",
      "--witness",
      w1.vkey,
      "--witness",
      "witnesses.txt",
      "--tsa-root",
      "tsa-root.pem",
    ]);
    expect(result.stdout).toMatch(/PASS\s+witnesses\s+2 of 2 witnesses vouch for tree size 6/);
    expect(result.stdout).toMatch(
      /PASS\s+anchor-timestamp\s+the anchored checkpoint was timestamped by CN=CLI TSA, O=Rampart Tests at \d{4}-\d\d-\d\dT/,
    );
    expect(result.stdout).toMatch(/VERIFIED/);
    expect(result.code).toBe(0);
  }, 30_000);

  it("says why the anchor checks are skipped without keys, and fails a token over other bytes", async () => {
    const plain = await runRampart(dir, ["verify", "export.json"]);
    expect(plain.stdout).toMatch(/SKIP\s+witnesses\s+no witness keys given/);
    expect(plain.stdout).toMatch(/SKIP\s+anchor-timestamp\s+no TSA roots given/);
    expect(plain.code).toBe(0);
    const swapped = await runRampart(dir, ["verify", "swapped.json", "--tsa-root", "tsa-root.pem"]);
    expect(swapped.stdout).toMatch(/FAIL\s+anchor-timestamp\s+.*imprint-mismatch/);
    expect(swapped.code).toBe(1);
  }, 30_000);

  it("exits 2 with one line on stderr for an unusable witness key file or TSA root", async () => {
    writeFileSync(join(dir, "bad-witnesses.txt"), "not a key\n");
    const badWitness = await runRampart(dir, ["verify", "export.json", "--witness", "bad-witnesses.txt"]);
    expect(badWitness.code).toBe(2);
    expect(badWitness.stderr.trim().split("\n")).toHaveLength(1);
    const badRoot = await runRampart(dir, ["verify", "export.json", "--tsa-root", "key.pem"]);
    expect(badRoot.code).toBe(2);
    expect(badRoot.stderr).toMatch(/no PEM certificate/);
  }, 30_000);
});
