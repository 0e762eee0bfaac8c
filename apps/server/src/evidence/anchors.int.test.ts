// The ledger anchored outside Rampart, end to end on both databases: a witness (the ledger's own
// witness library on node:http) cosigns each grown chain, exports carry the cosignatures, an
// attestation names its anchor; then the probe rewrites history with the owner's full database
// access, and the witness, the server's hourly verification and an auditor's earlier export each
// catch it, and nothing is signed over the rewritten chain again.
import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { withDatabaseContext } from "@rampart/db/context";
import {
  attestations,
  auditLogEntries,
  evidenceArtifacts,
  ledgerAlerts,
  ledgerCheckpoints,
  ledgerCosignatures,
  ledgerHeads,
  ledgerTimestamps,
} from "@rampart/db/schema";
import {
  appendEntry,
  cosignerVerifierKey,
  createMemoryStore,
  createWitness,
  importPublicKey,
  type LedgerExport,
  verifierKey,
  verifyCosignatures,
  verifyExport,
  verifyExportAsync,
  verifyTimestampToken,
  type Witness,
  witnessRequestListener,
} from "@rampart/ledger";
import { startTestTsa, type TestTsa } from "@rampart/ledger/testing/test-tsa";
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asTenant, createTestContext, signUp, type TestContext } from "../../test/harness.ts";

const WITNESS_NAME = "witness.test/auditor";

let ctx: TestContext;
let server: Server;
let witness: Witness;
let owner: Awaited<ReturnType<typeof signUp>>;
let stranger: Awaited<ReturnType<typeof signUp>>;
let vkey: string;
let tsa: TestTsa;
let tsaDir: string;

beforeAll(async () => {
  // The witness needs the tenant's origin and the ledger's key, known once the app runs: the
  // server listens first and hands requests to the witness made then.
  let listener: RequestListener = (_request, response) => response.writeHead(503).end();
  server = createServer((request, response) => listener(request, response));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  tsa = await startTestTsa();
  tsaDir = mkdtempSync(path.join(tmpdir(), "rampart-tsa-roots-"));
  writeFileSync(path.join(tsaDir, "roots.pem"), tsa.rootPem);
  const keyPair = generateKeyPairSync("ed25519");
  vkey = cosignerVerifierKey(WITNESS_NAME, keyPair.publicKey);
  ctx = await createTestContext({
    services: {
      LEDGER_WITNESSES: [{ name: WITNESS_NAME, url: `http://127.0.0.1:${port}`, vkey }],
      TSA_URL: tsa.url,
      TSA_ROOT_CERTS: path.join(tsaDir, "roots.pem"),
    },
  });
  owner = await signUp(ctx.app, { tenantName: "Anchored Org" });
  stranger = await signUp(ctx.app, { tenantName: "Bystander" });
  const { publicKeyPem } = await ctx.services.ledger.publicKey();
  const publicKey = importPublicKey(publicKeyPem);
  if (!publicKey.ok) throw new Error(publicKey.error);
  const origin = `rampart.test/tenants/${owner.tenantId}`;
  witness = createWitness({
    name: WITNESS_NAME,
    privateKey: keyPair.privateKey,
    logs: [{ origin, vkey: verifierKey(origin, publicKey.key) }],
    store: createMemoryStore(),
  });
  listener = witnessRequestListener(witness);
}, 120_000);

afterAll(async () => {
  await ctx.close();
  await new Promise((resolve) => server.close(resolve));
  await tsa.close();
  rmSync(tsaDir, { recursive: true, force: true });
});

const append = (tenantId: string, n: number) =>
  ctx.database.db.transaction((tx) =>
    ctx.services.ledger.append(tx, { tenantId, artifactType: "run", content: { kind: "test", n } }),
  );
const anchor = (tenantId: string) => asTenant(tenantId, () => ctx.services.ledger.anchor(tenantId));
const today = () => new Date().toISOString().slice(0, 10);
const exportNow = (cookie = owner.cookie) =>
  ctx.app.inject({
    url: `/api/tenants/${owner.tenantId}/evidence/export?from=${today()}&to=${today()}&format=json`,
    headers: { cookie },
  });
const instanceKey = async () => (await ctx.services.ledger.publicKey()).publicKeyPem;

let before: LedgerExport;

describe("anchoring the ledger with a witness", () => {
  it("has the chain cosigned, names the anchor on attestations and carries it in exports", async () => {
    for (let n = 0; n < 5; n++) await append(owner.tenantId, n);
    const generated = await ctx.app.inject({
      method: "POST",
      url: `/api/tenants/${owner.tenantId}/attestations`,
      headers: { cookie: owner.cookie },
    });
    expect(generated.statusCode).toBe(201);
    await anchor(owner.tenantId);

    const cosignatures = await ctx.database.db
      .select()
      .from(ledgerCosignatures)
      .where(eq(ledgerCosignatures.tenantId, owner.tenantId));
    expect(cosignatures).toHaveLength(1);
    expect(cosignatures[0]).toMatchObject({ witness: WITNESS_NAME, line: expect.stringMatching(/^\u2014 /) });
    const [checkpoint] = await ctx.database.db
      .select()
      .from(ledgerCheckpoints)
      .where(eq(ledgerCheckpoints.id, cosignatures[0]!.checkpointId));
    expect(checkpoint!.treeSize).toBe(6);
    // The same checkpoint's body was timestamped by the TSA, and the token verifies offline.
    const [stamp] = await ctx.database.db
      .select()
      .from(ledgerTimestamps)
      .where(eq(ledgerTimestamps.checkpointId, checkpoint!.id));
    expect(stamp).toMatchObject({ serial: expect.stringMatching(/^[0-9a-f]+$/) });
    const body = checkpoint!.note.slice(0, checkpoint!.note.indexOf("\n\n") + 1);
    expect(await verifyTimestampToken(stamp!.token, body, { trustedRoots: [tsa.rootPem] })).toMatchObject({
      ok: true,
      serial: stamp!.serial,
    });
    const [attestation] = await ctx.database.db
      .select()
      .from(attestations)
      .where(eq(attestations.tenantId, owner.tenantId));
    expect(attestation!.blockchainAnchor).toBe(
      `witness rampart.test/tenants/${owner.tenantId}@6 cosigned by ${WITNESS_NAME}`,
    );

    // The chain grows: the witness is sent the new head with a proof from the size it cosigned.
    await append(owner.tenantId, 5);
    await append(owner.tenantId, 6);
    await anchor(owner.tenantId);
    expect(
      await ctx.database.db
        .select()
        .from(ledgerCosignatures)
        .where(eq(ledgerCosignatures.tenantId, owner.tenantId)),
    ).toHaveLength(2);
    // Nothing grew: nothing is sent again.
    await anchor(owner.tenantId);
    expect(
      await ctx.database.db.$count(ledgerCheckpoints, eq(ledgerCheckpoints.tenantId, owner.tenantId)),
    ).toBe(2);

    const response = await exportNow();
    expect(response.statusCode).toBe(200);
    before = response.json();
    expect(before.anchors).toMatchObject({ checkpoint: expect.stringContaining(`\u2014 ${WITNESS_NAME} `) });
    const vouched = verifyCosignatures(before.anchors!.checkpoint, [vkey]);
    expect(vouched.ok && vouched.vouching.map((entry) => entry.name)).toEqual([WITNESS_NAME]);
    const report = await verifyExportAsync(before, {
      trustedPublicKey: await instanceKey(),
      witnesses: [vkey],
      tsaRoots: [tsa.rootPem],
    });
    expect(report.checks.filter((check) => check.status === "fail")).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.checks.find((check) => check.id === "witnesses")?.status).toBe("pass");
    expect(report.checks.find((check) => check.id === "anchor-timestamp")?.status).toBe("pass");
  });

  it("catches the probe: a history rewritten with the owner's database access", async () => {
    const { tenantId } = owner;
    // THE PROBE: recompute the chain from entry 3 on, move the head, delete what signed the old one.
    await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      const rows = await tx
        .select()
        .from(evidenceArtifacts)
        .where(eq(evidenceArtifacts.tenantId, tenantId))
        .orderBy(asc(evidenceArtifacts.index));
      let previous = rows[2]!;
      for (const row of rows.slice(3)) {
        const content = row.index === 3 ? { kind: "test", n: 3, rewritten: true } : row.content;
        const link = appendEntry(previous, content);
        await tx
          .update(evidenceArtifacts)
          .set({
            content: content as object,
            contentHash: link.contentHash,
            prevHash: link.prevHash,
            hash: link.hash,
          })
          .where(eq(evidenceArtifacts.id, row.id));
        previous = { ...row, ...link };
      }
      await tx.update(ledgerHeads).set({ headHash: previous.hash }).where(eq(ledgerHeads.tenantId, tenantId));
      await tx.delete(ledgerCosignatures).where(eq(ledgerCosignatures.tenantId, tenantId));
      await tx.delete(ledgerTimestamps).where(eq(ledgerTimestamps.tenantId, tenantId));
      await tx.delete(ledgerCheckpoints).where(eq(ledgerCheckpoints.tenantId, tenantId));
    });

    // Until the witness is asked, the chain's own links all hold and an export is still signed.
    const unaware = await asTenant(tenantId, () => ctx.services.ledger.verify(tenantId));
    expect(unaware.isValid).toBe(true);
    const afterResponse = await exportNow();
    expect(afterResponse.statusCode).toBe(200);
    const after: LedgerExport = afterResponse.json();

    // (c) An auditor holding the earlier export: the new one is not an extension of it.
    const auditor = verifyExport(after, {
      trustedPublicKey: await instanceKey(),
      earlierCheckpoint: before.checkpoint,
    });
    expect(auditor.ok).toBe(false);
    expect(auditor.checks.find((check) => check.id === "consistency")?.status).toBe("fail");

    // (a) The hourly verification queues the anchor job, and the witness refuses the new history.
    await withDatabaseContext({ kind: "system" }, () =>
      ctx.services.ledger.verifyAllJob.handle({}, { jobId: "hourly", retryCount: 0, isLastAttempt: true }),
    );
    const alerts = await waitFor(async () => {
      const rows = await ctx.database.db
        .select()
        .from(ledgerAlerts)
        .where(eq(ledgerAlerts.tenantId, tenantId));
      return rows.length > 0 ? rows : undefined;
    });
    expect(alerts).toEqual([
      expect.objectContaining({
        kind: "fork",
        message: expect.stringMatching(new RegExp(`^witness ${WITNESS_NAME}: `)),
      }),
    ]);
    // (b) The witness kept the fork it refused.
    const { forks } = await witness.forks();
    expect(forks).toEqual([
      expect.objectContaining({ origin: `rampart.test/tenants/${tenantId}`, reason: "inconsistent" }),
    ]);

    const verification = await asTenant(tenantId, () => ctx.services.ledger.verify(tenantId));
    expect(verification).toMatchObject({ isValid: false, reason: expect.stringMatching(/^fork: witness /) });
    const chain = (
      await ctx.app.inject({ url: `/api/tenants/${tenantId}/evidence`, headers: { cookie: owner.cookie } })
    ).json().chain;
    expect(chain.isValid).toBe(false);
    const audit = await ctx.database.db
      .select()
      .from(auditLogEntries)
      .where(and(eq(auditLogEntries.tenantId, tenantId), eq(auditLogEntries.action, "ledger.alert")));
    expect(audit).toHaveLength(1);

    // Nothing is signed over the rewritten chain again.
    const refused = await exportNow();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatch(/evidence ledger failed verification/);
    const attestation = await ctx.app.inject({
      method: "POST",
      url: `/api/tenants/${tenantId}/attestations`,
      headers: { cookie: owner.cookie },
    });
    expect(attestation.statusCode).toBe(409);
    const checkpoints = await ctx.database.db.$count(
      ledgerCheckpoints,
      eq(ledgerCheckpoints.tenantId, tenantId),
    );
    await anchor(tenantId);
    expect(await ctx.database.db.$count(ledgerCheckpoints, eq(ledgerCheckpoints.tenantId, tenantId))).toBe(
      checkpoints,
    );
  });

  it("shows the alert in the settings drawer of the tenant's members only", async () => {
    const mine = (
      await ctx.app.inject({ url: "/api/system/info", headers: { cookie: owner.cookie } })
    ).json();
    expect(mine.ledgerAlerts).toEqual([
      expect.objectContaining({ tenantId: owner.tenantId, kind: "fork", detectedAt: expect.any(String) }),
    ]);
    const theirs = (
      await ctx.app.inject({ url: "/api/system/info", headers: { cookie: stranger.cookie } })
    ).json();
    expect(theirs.ledgerAlerts).toEqual([]);
    // Another tenant's ledger is untouched: its exports are still signed.
    const other = await ctx.app.inject({
      url: `/api/tenants/${stranger.tenantId}/evidence/export?from=${today()}&to=${today()}`,
      headers: { cookie: stranger.cookie },
    });
    expect(other.statusCode).toBe(200);
  });
});

async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
