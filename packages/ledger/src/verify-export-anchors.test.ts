// The anchors of an export: the anchored checkpoint, its consistency proof, the witnesses'
// cosignatures and the RFC 3161 token, each checked by verifyExportAsync against the auditor's keys.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildChain } from "./chain.ts";
import { cosignCheckpoint, cosignerVerifierKey } from "./cosignature.ts";
import { buildExport, type LedgerExport, ledgerTree } from "./export.ts";
import { splitNote } from "./note.ts";
import { generateKeyPair } from "./signing.ts";
import { startTestTsa, type TestTsa } from "./testing/test-tsa.ts";
import { requestTimestamp } from "./timestamp.ts";
import { type ExportReport, verifyExport, verifyExportAsync } from "./verify-export.ts";
import { signCheckpointSync } from "./witness.fixture.ts";

const ORIGIN = "rampart.example.com/ledger/acme";
const log = generateKeyPair();
const chain = buildChain(Array.from({ length: 7 }, (_, index) => ({ kind: "run", runId: `run-${index}` })));

function witness(name: string) {
  const { privateKey, publicKey } = generateKeyPair();
  return { name, privateKey, vkey: cosignerVerifierKey(name, publicKey) };
}
const w1 = witness("witness.example.com/w1");
const w2 = witness("witness.example.org/w2");
const stranger = witness("witness.example.net/w3");

function checkpointOf(size: number, privateKey = log.privateKey): string {
  return signCheckpointSync(
    {
      origin: ORIGIN,
      treeSize: size,
      rootHash: ledgerTree(chain.slice(0, size)).root().toString("hex"),
      timestamp: `2026-11-2${size}T10:00:00Z`,
    },
    privateKey,
  );
}

function cosign(note: string, ...witnesses: ReturnType<typeof witness>[]): string {
  const split = splitNote(note);
  if (!split.ok) throw new Error(split.message);
  const lines = witnesses.map(
    (signer) =>
      `${cosignCheckpoint({ name: signer.name, privateKey: signer.privateKey, checkpointText: split.note.text, time: 1_790_000_000 })}\n`,
  );
  return note + lines.join("");
}

function bodyOf(note: string): string {
  const split = splitNote(note);
  if (!split.ok) throw new Error(split.message);
  return split.note.text;
}

function check(report: ExportReport, id: string) {
  return report.checks.find((item) => item.id === id);
}

describe("export anchors", () => {
  let tsa: TestTsa;
  let anchored: string;
  let token: Buffer;
  let honest: LedgerExport;
  const size = 7;

  beforeAll(async () => {
    tsa = await startTestTsa({ name: "Anchor TSA" });
    anchored = cosign(checkpointOf(5), w1, w2, stranger);
    const stamped = await requestTimestamp({ url: tsa.url, data: bodyOf(anchored), timeoutMs: 5_000 });
    if (!stamped.ok) throw new Error(stamped.message);
    token = stamped.token;
    honest = buildExport({
      entries: chain,
      checkpoint: checkpointOf(size),
      publicKey: log.publicKey,
      anchors: { checkpoint: anchored, timestamp: token },
    });
  });
  afterAll(() => tsa.close());

  const keys = () => ({ witnesses: [w1.vkey, w2.vkey], tsaRoots: [tsa.rootPem] });

  it("carries the anchored note, a consistency proof to this checkpoint and the token", () => {
    expect(honest.anchors?.checkpoint).toBe(anchored);
    expect(honest.anchors?.proof.length).toBeGreaterThan(0);
    expect(Buffer.from(honest.anchors!.timestamp!, "base64")).toEqual(token);
  });

  it("passes honest anchors: witnesses vouch, the TSA stamped the anchored body", async () => {
    const report = await verifyExportAsync(honest, keys());
    expect(report.ok).toBe(true);
    expect(check(report, "anchor-checkpoint")?.status).toBe("pass");
    expect(check(report, "anchor-consistency")?.status).toBe("pass");
    // The stranger's cosignature is there but not among the auditor's witnesses: ignored.
    expect(check(report, "witnesses")).toMatchObject({
      status: "pass",
      message: "2 of 2 witnesses vouch for tree size 5 (witness.example.com/w1, witness.example.org/w2)",
    });
    expect(check(report, "anchor-timestamp")?.status).toBe("pass");
    expect(check(report, "anchor-timestamp")?.message).toMatch(
      /timestamped by CN=Anchor TSA, O=Rampart Tests at \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/,
    );
  });

  it("counts only the given witnesses that cosigned, and fails when none did", async () => {
    const partial = await verifyExportAsync(honest, {
      witnesses: [w1.vkey, witness("other.example/w9").vkey],
    });
    expect(check(partial, "witnesses")).toMatchObject({
      status: "pass",
      message: "1 of 2 witnesses vouch for tree size 5 (witness.example.com/w1)",
    });
    const none = await verifyExportAsync(honest, { witnesses: [witness("other.example/w9").vkey] });
    expect(none.ok).toBe(false);
    expect(check(none, "witnesses")?.message).toMatch(/^0 of 1 witnesses vouch/);
    // Two names for one key would count one witness twice.
    const twin = await verifyExportAsync(honest, { witnesses: [w1.vkey, w1.vkey] });
    expect(check(twin, "witnesses")?.status).toBe("fail");
  });

  it("says why each anchor check is skipped without the auditor's keys", async () => {
    const report = await verifyExportAsync(honest);
    expect(report.ok).toBe(true);
    expect(check(report, "witnesses")).toMatchObject({
      status: "skip",
      message: expect.stringMatching(/no witness keys/),
    });
    expect(check(report, "anchor-timestamp")).toMatchObject({
      status: "skip",
      message: expect.stringMatching(/no TSA roots/),
    });
    // The synchronous verifier leaves the token to the asynchronous one, and says so.
    const sync = verifyExport(honest, keys());
    expect(sync.ok).toBe(true);
    expect(check(sync, "anchor-timestamp")?.message).toMatch(/verifyExportAsync/);
  });

  it("keeps old exports without anchors valid", async () => {
    const plain = buildExport({ entries: chain, checkpoint: checkpointOf(size), publicKey: log.publicKey });
    const report = await verifyExportAsync(plain, keys());
    expect(report.ok).toBe(true);
    for (const id of ["anchor-checkpoint", "anchor-consistency", "witnesses", "anchor-timestamp"]) {
      expect(check(report, id)).toMatchObject({ status: "skip", message: "the export carries no anchors" });
    }
  });

  it("fails a tampered proof", async () => {
    const proof = [...honest.anchors!.proof];
    proof[0] = `${proof[0]!.slice(0, -1)}${proof[0]!.endsWith("0") ? "1" : "0"}`;
    const report = await verifyExportAsync({ ...honest, anchors: { ...honest.anchors!, proof } }, keys());
    expect(report.ok).toBe(false);
    expect(check(report, "anchor-consistency")?.status).toBe("fail");
  });

  it("fails a token over other bytes, or from a TSA the auditor does not trust", async () => {
    const other = await requestTimestamp({ url: tsa.url, data: bodyOf(checkpointOf(6)), timeoutMs: 5_000 });
    if (!other.ok) throw new Error(other.message);
    const swapped = { ...honest, anchors: { ...honest.anchors!, timestamp: other.token.toString("base64") } };
    const report = await verifyExportAsync(swapped, keys());
    expect(report.ok).toBe(false);
    expect(check(report, "anchor-timestamp")?.message).toMatch(/imprint-mismatch/);

    const elsewhere = await startTestTsa();
    try {
      const untrusted = await verifyExportAsync(honest, { tsaRoots: [elsewhere.rootPem] });
      expect(untrusted.ok).toBe(false);
      expect(check(untrusted, "anchor-timestamp")?.message).toMatch(/untrusted/);
    } finally {
      await elsewhere.close();
    }
    const garbage = { ...honest, anchors: { ...honest.anchors!, timestamp: "bm90IGEgdG9rZW4=" } };
    expect(check(await verifyExportAsync(garbage, keys()), "anchor-timestamp")?.status).toBe("fail");
  });

  it("fails an anchored checkpoint signed by another key, or a broken cosignature", async () => {
    const impostor = generateKeyPair();
    const foreign = {
      ...honest,
      anchors: { ...honest.anchors!, checkpoint: cosign(checkpointOf(5, impostor.privateKey), w1) },
    };
    const report = await verifyExportAsync(foreign, keys());
    expect(check(report, "anchor-checkpoint")?.status).toBe("fail");
    expect(check(report, "witnesses")?.status).toBe("skip");

    // One bit of w1's signature flipped: a known witness's line that does not verify fails the check.
    const broken = anchored
      .split("\n")
      .map((line) => {
        if (!line.startsWith(`\u2014 ${w1.name} `)) return line;
        const bytes = Buffer.from(line.split(" ")[2]!, "base64");
        bytes[bytes.length - 1]! ^= 0x01;
        return `\u2014 ${w1.name} ${bytes.toString("base64")}`;
      })
      .join("\n");
    expect(broken).not.toBe(anchored);
    const brokenReport = await verifyExportAsync(
      { ...honest, anchors: { ...honest.anchors!, checkpoint: broken } },
      keys(),
    );
    expect(check(brokenReport, "witnesses")).toMatchObject({ status: "fail" });
    expect(check(brokenReport, "witnesses")?.message).toMatch(/witness\.example\.com\/w1 does not verify/);
  });

  it("anchors at the export's own size need no proof; buildExport refuses a foreign anchor", () => {
    const same = buildExport({
      entries: chain,
      checkpoint: checkpointOf(size),
      publicKey: log.publicKey,
      anchors: { checkpoint: cosign(checkpointOf(size), w1) },
    });
    expect(same.anchors?.proof).toEqual([]);
    expect(verifyExport(same, { witnesses: [w1.vkey] }).ok).toBe(true);
    const rewritten = buildChain(
      Array.from({ length: 5 }, (_, index) => ({ kind: "run", runId: `other-${index}` })),
    );
    const foreign = signCheckpointSync(
      {
        origin: ORIGIN,
        treeSize: rewritten.length,
        rootHash: ledgerTree(rewritten).root().toString("hex"),
        timestamp: "2026-11-20T00:00:00Z",
      },
      log.privateKey,
    );
    expect(() =>
      buildExport({
        entries: chain,
        checkpoint: checkpointOf(size),
        publicKey: log.publicKey,
        anchors: { checkpoint: foreign },
      }),
    ).toThrow(TypeError);
  });
});
