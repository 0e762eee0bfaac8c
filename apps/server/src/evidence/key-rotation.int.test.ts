// Rotating the signing key: the statement is signed by both keys and published, the key file is
// switched with the old one retired (0600), old exports keep verifying (against the old key, and
// against the new one with the history), new exports verify against the old pinned key, and a
// forged statement links nothing.
import { randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { withDatabaseContext } from "@rampart/db/context";
import { ledgerKeyRotations, tenants } from "@rampart/db/schema";
import {
  exportPublicKeyPem,
  generateKeyPair,
  KEY_ROTATION_PAYLOAD_TYPE,
  keyFingerprint,
  keyRotationStatement,
  type LedgerExport,
  localSigner,
  signEnvelope,
  verifyExport,
} from "@rampart/ledger";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runRampart } from "../../../../packages/cli/test/run-rampart.ts";
import { type FakeKms, startFakeKms } from "../../test/fake-kms.ts";
import { createTestContext, type TestContext } from "../../test/harness.ts";
import { createInstanceLog } from "../tenants/instance-log.ts";
import { rotateSigningKey } from "./key-rotation.ts";
import { createLedgerService } from "./ledger.service.ts";
import { dataDirectoryKeyFile, type SigningKeySource } from "./signing-key.ts";

let ctx: TestContext;
let kms: FakeKms;
const asSystem = <T>(work: () => Promise<T>) => withDatabaseContext({ kind: "system" }, work);

beforeAll(async () => {
  ctx = await createTestContext({ runWorkers: false });
  kms = await startFakeKms();
}, 60_000);
afterAll(async () => {
  await kms.close();
  await ctx.close();
});

/** A ledger service as a freshly started process over `dataDir` would have it. */
const ledgerOver = (source: SigningKeySource) =>
  createLedgerService({ db: ctx.database.db, origin: "rampart.test", keySource: source });

async function tenantWithEntries(ledger: ReturnType<typeof ledgerOver>, count: number) {
  const [tenant] = await ctx.database.db
    .insert(tenants)
    .values({ name: `rotation ${randomUUID()}` })
    .returning();
  for (let n = 0; n < count; n++) {
    await ctx.database.db.transaction((tx) =>
      ledger.append(tx, { tenantId: tenant!.id, artifactType: "finding", content: { n } }),
    );
  }
  return tenant!.id;
}

const later = () => new Date(Date.now() + 60_000);

describe("rotate-key", () => {
  it("publishes a statement signed by both keys and keeps old and new exports verifying across it", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "rampart-rotate-"));
    const source: SigningKeySource = { kind: "data-directory", dataDir };
    const before = ledgerOver(source);
    const tenantId = await asSystem(() => tenantWithEntries(before, 3));
    const oldExport = await asSystem(() => before.export(tenantId, later(), { keepCheckpoint: true }));
    const oldKey = (await before.signer()).publicKey;
    // The instance log signs with the same key: an entry made before the rotation.
    const logBefore = createInstanceLog({
      db: ctx.database.db,
      signer: before.signer,
      verificationKeys: before.verificationKeys,
    });
    const append = await asSystem(() => logBefore.appender());
    await asSystem(() =>
      ctx.database.db.transaction((tx) =>
        append(tx, "tenant_erased", { tenantId, note: "before the rotation" }),
      ),
    );

    const rotated = await asSystem(() =>
      rotateSigningKey({
        db: ctx.database.db,
        source,
        dataDir,
        origin: "rampart.test",
      }),
    );
    expect(rotated).toMatchObject({ ok: true, previousFingerprint: keyFingerprint(oldKey) });
    if (!rotated.ok) return;
    const keysDir = path.dirname(dataDirectoryKeyFile(dataDir));
    const retired = `ledger-signing-key.${rotated.previousFingerprint}.retired.pem`;
    expect(readdirSync(keysDir).sort()).toEqual(["ledger-signing-key.pem", retired].sort());
    expect(statSync(path.join(keysDir, retired)).mode & 0o777).toBe(0o600);
    expect(statSync(dataDirectoryKeyFile(dataDir)).mode & 0o777).toBe(0o600);

    // A process started after the rotation signs with the new key; its exports carry the history.
    const after = ledgerOver(source);
    const newKey = (await after.signer()).publicKey;
    expect(keyFingerprint(newKey)).toBe(rotated.nextFingerprint);
    const logAfter = createInstanceLog({
      db: ctx.database.db,
      signer: after.signer,
      verificationKeys: after.verificationKeys,
    });
    expect(await asSystem(() => logAfter.verify())).toEqual({ ok: true, length: 1 });
    await asSystem(() =>
      ctx.database.db.transaction((tx) =>
        after.append(tx, { tenantId, artifactType: "finding", content: { n: 3 } }),
      ),
    );
    const newExport = await asSystem(() =>
      after.export(tenantId, new Date(Date.now() + 120_000), { keepCheckpoint: true }),
    );
    expect(newExport.keyHistory).toHaveLength(1);
    const published = await asSystem(() => after.publicKey());
    expect(published.rotations).toEqual(newExport.keyHistory);

    // The old export: against the old key as before, against the new key with the history.
    expect(verifyExport(oldExport, { trustedPublicKey: oldKey }).ok).toBe(true);
    expect(verifyExport(oldExport, { trustedPublicKey: newKey }).ok).toBe(false);
    expect(verifyExport(oldExport, { trustedPublicKey: newKey, keyHistory: published.rotations }).ok).toBe(
      true,
    );
    // The new export against the old pinned key, through its own history; its included earlier
    // checkpoint was signed by the old key.
    const report = verifyExport(newExport, {
      trustedPublicKey: oldKey,
      earlierCheckpoint: oldExport.checkpoint,
    });
    expect(report.checks.filter((check) => check.status === "fail")).toEqual([]);
    expect(report.ok).toBe(true);

    // The same through `rampart verify --key-history`.
    const work = mkdtempSync(path.join(tmpdir(), "rampart-rotate-cli-"));
    writeFileSync(path.join(work, "old.json"), JSON.stringify(oldExport));
    writeFileSync(path.join(work, "new-key.pem"), exportPublicKeyPem(newKey));
    writeFileSync(path.join(work, "public-key.json"), JSON.stringify({ algorithm: "Ed25519", ...published }));
    const bare = await runRampart(work, ["verify", "old.json", "--key", "new-key.pem"]);
    expect(bare.code).toBe(1);
    const linked = await runRampart(work, [
      "verify",
      "old.json",
      "--key",
      "new-key.pem",
      "--key-history",
      "public-key.json",
    ]);
    expect(linked.stdout).toMatch(/PASS\s+trusted-key\s+the export's key is linked to the trusted key/);
    expect(linked.code).toBe(0);

    // The statement is published on the public route and cannot be changed.
    const route = await ctx.app.inject({ url: "/api/evidence/public-key" });
    expect(route.json().rotations).toEqual(published.rotations);
    await expect(ctx.database.db.update(ledgerKeyRotations).set({ nextFingerprint: "x" })).rejects.toThrow();

    // The retired key cannot be rotated a second time.
    const again = await asSystem(() =>
      rotateSigningKey({
        db: ctx.database.db,
        source: { kind: "file", path: path.join(keysDir, retired) },
        dataDir,
        origin: "rampart.test",
      }),
    );
    expect(again).toMatchObject({ ok: false, error: expect.stringContaining("was already rotated") });
  }, 120_000);

  it("refuses a forged rotation statement: an export by another key links to nothing", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "rampart-rotate-"));
    const honest = ledgerOver({ kind: "data-directory", dataDir });
    const pinned = (await asSystem(() => honest.signer())).publicKey;
    const attacker = generateKeyPair();
    const forged = keyRotationStatement({
      origin: "rampart.test",
      previous: pinned,
      next: attacker.publicKey,
      rotatedAt: "2026-01-01T00:00:00Z",
    });
    // Only the attacker's key signs: the pinned key never vouched for it.
    const envelope = await signEnvelope(
      KEY_ROTATION_PAYLOAD_TYPE,
      JSON.stringify(forged),
      localSigner(attacker.privateKey),
    );
    const rogue = ledgerOver({
      kind: "environment",
      text: attacker.privateKey.export({ format: "pem", type: "pkcs8" }).toString(),
    });
    const tenantId = await asSystem(() => tenantWithEntries(rogue, 2));
    const document: LedgerExport = {
      ...(await asSystem(() => rogue.export(tenantId, later(), { keepCheckpoint: false }))),
      keyHistory: [{ ...envelope, signatures: [...envelope.signatures] }],
    };
    const report = verifyExport(document, { trustedPublicKey: pinned });
    expect(report.ok).toBe(false);
    expect(report.checks.find((check) => check.id === "trusted-key")).toMatchObject({
      status: "fail",
      message: expect.stringContaining("not signed by both keys"),
    });
  }, 60_000);

  it("rotates to a new KMS key, signing the statement through both", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "rampart-rotate-"));
    const next = kms.addEd25519Key();
    const source: SigningKeySource = { kind: "data-directory", dataDir };
    const current = (await asSystem(() => ledgerOver(source).signer())).publicKey;
    const rotated = await asSystem(() =>
      rotateSigningKey({
        db: ctx.database.db,
        source,
        dataDir,
        origin: "rampart.test",
        nextKms: { keyId: next.keyId, region: kms.region, endpoint: kms.url, credentials: kms.credentials },
      }),
    );
    expect(rotated).toMatchObject({ ok: true, previousFingerprint: keyFingerprint(current) });
    expect(rotated.ok && rotated.instructions[0]).toBe(
      `set LEDGER_KMS_KEY_ID=${next.keyId} (and unset LEDGER_SIGNING_KEY and LEDGER_SIGNING_KEY_FILE)`,
    );
  }, 60_000);
});
