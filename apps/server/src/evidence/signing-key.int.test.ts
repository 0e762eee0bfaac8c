// Where the ledger's key comes from: a key file (0600 only), the environment, AWS KMS (a local fake
// speaking its protocol, through the official SDK), or a file generated once in the data directory,
// into which a key an earlier version kept in the database is moved.
import { createPublicKey, randomUUID, verify } from "node:crypto";
import { chmodSync, mkdtempSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { withDatabaseContext } from "@rampart/db/context";
import { instanceKeys, tenants } from "@rampart/db/schema";
import {
  exportPrivateKeyPem,
  generateKeyPair,
  KEY_DELEGATION_PAYLOAD_TYPE,
  keyFingerprint,
  MANIFEST_DELEGATION_PATH,
  verifyAttestationBundle,
  verifyAuditPackage,
  verifyExport,
} from "@rampart/ledger";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readPackageZip } from "../../../../packages/cli/src/audit-package-zip.ts";
import { type FakeKms, startFakeKms } from "../../test/fake-kms.ts";
import { createTestContext, type TestContext } from "../../test/harness.ts";
import { createAuditPackageRepo } from "../audit-package/audit-package.repo.ts";
import { createAuditPackageService } from "../audit-package/audit-package.service.ts";
import { attestationDocument, createAttestationsService } from "./attestations.service.ts";
import { createLedgerService } from "./ledger.service.ts";
import { dataDirectoryKeyFile, openSigner, type SigningKeySource, signingKeySource } from "./signing-key.ts";

let ctx: TestContext;
let kms: FakeKms;
const scratch = () => mkdtempSync(path.join(tmpdir(), "rampart-keys-"));
const asSystem = <T>(work: () => Promise<T>) => withDatabaseContext({ kind: "system" }, work);
const open = (source: SigningKeySource) => asSystem(() => openSigner(source, ctx.services.db));

beforeAll(async () => {
  ctx = await createTestContext({ runWorkers: false });
  kms = await startFakeKms();
}, 60_000);
afterAll(async () => {
  await kms.close();
  await ctx.close();
});

const kmsSource = (keyId: string): SigningKeySource => ({
  kind: "kms",
  kms: { keyId, region: kms.region, endpoint: kms.url, credentials: kms.credentials, timeoutMs: 5_000 },
});

describe("a key file", () => {
  it("is used when only its owner may read it, and refused with the fix when others may", async () => {
    const { privateKey, publicKey } = generateKeyPair();
    const file = path.join(scratch(), "ledger.pem");
    writeFileSync(file, exportPrivateKeyPem(privateKey), { mode: 0o600 });
    const opened = await open({ kind: "file", path: file });
    expect(opened.ok && keyFingerprint(opened.signer.publicKey)).toBe(keyFingerprint(publicKey));

    chmodSync(file, 0o644);
    const refused = await open({ kind: "file", path: file });
    expect(refused).toEqual({
      ok: false,
      error: `ledger signing key file ${file} has mode 0644: it must not be open to group or others; run chmod 600 ${file}`,
    });
  });

  it("is refused, in one line, when missing or not a key", async () => {
    const missing = await open({ kind: "file", path: "/nonexistent/ledger.pem" });
    expect(missing).toEqual({
      ok: false,
      error: "ledger signing key file /nonexistent/ledger.pem cannot be read",
    });
    const file = path.join(scratch(), "ledger.pem");
    writeFileSync(file, "not a key", { mode: 0o600 });
    const garbage = await open({ kind: "file", path: file });
    expect(garbage.ok).toBe(false);
    expect(!garbage.ok && garbage.error.split("\n")).toHaveLength(1);
  });
});

describe("the environment", () => {
  it("takes LEDGER_SIGNING_KEY as PEM and refuses garbage naming the variable", async () => {
    const { privateKey, publicKey } = generateKeyPair();
    const source = signingKeySource({ DATA_DIR: "/x", LEDGER_SIGNING_KEY: exportPrivateKeyPem(privateKey) });
    expect(source.ok && source.source.kind).toBe("environment");
    const opened = await open(source.ok ? source.source : { kind: "environment", text: "" });
    expect(opened.ok && keyFingerprint(opened.signer.publicKey)).toBe(keyFingerprint(publicKey));
    expect(await open({ kind: "environment", text: "%%%" })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^LEDGER_SIGNING_KEY: /),
    });
  });

  it("accepts one source only, and KMS only with a region", () => {
    expect(signingKeySource({ DATA_DIR: "/x", LEDGER_SIGNING_KEY: "k", LEDGER_KMS_KEY_ID: "id" })).toEqual({
      ok: false,
      error: "set only one of LEDGER_SIGNING_KEY, LEDGER_KMS_KEY_ID",
    });
    expect(signingKeySource({ DATA_DIR: "/x", LEDGER_KMS_KEY_ID: "id" })).toEqual({
      ok: false,
      error: "LEDGER_KMS_KEY_ID needs AWS_REGION",
    });
    expect(signingKeySource({ DATA_DIR: "/x" })).toEqual({
      ok: true,
      source: { kind: "data-directory", dataDir: "/x" },
    });
  });
});

describe("AWS KMS", () => {
  it("signs checkpoints through the KMS that verify with the KMS key's public key", async () => {
    const key = kms.addEd25519Key();
    const before = kms.requests.length;
    const ledger = createLedgerService({
      db: ctx.database.db,
      origin: "rampart.test",
      keySource: kmsSource(key.keyId),
    });
    const [tenant] = await ctx.database.db
      .insert(tenants)
      .values({ name: `kms ${randomUUID()}` })
      .returning();
    for (const n of [1, 2, 3]) {
      await ctx.database.db.transaction((tx) =>
        ledger.append(tx, { tenantId: tenant!.id, artifactType: "finding", content: { n } }),
      );
    }
    const document = await ledger.export(tenant!.id, new Date(Date.now() + 60_000), { keepCheckpoint: true });
    const report = verifyExport(document, { trustedPublicKey: key.publicKeyDer.toString("base64") });
    expect(report.ok).toBe(true);
    const signer = await ledger.signer();
    expect(keyFingerprint(signer.publicKey)).toBe(document.publicKey.fingerprint);
    // GetPublicKey, the start-up probe, then the checkpoint: each a Sign with the key.
    expect(kms.requests.slice(before).map((request) => request.target)).toEqual([
      "TrentService.GetPublicKey",
      "TrentService.Sign",
      "TrentService.Sign",
    ]);
  });

  it("refuses, with the reason, a message longer than KMS signs with pure Ed25519", async () => {
    const key = kms.addEd25519Key();
    const opened = await open(kmsSource(key.keyId));
    if (!opened.ok) throw new Error(opened.error);
    await expect(opened.signer.sign(Buffer.alloc(4097))).rejects.toThrow(
      "KMS signs at most 4096 bytes with ED25519_SHA_512; this message has 4097",
    );
    expect((await opened.signer.sign(Buffer.alloc(4096, 1))).length).toBe(64);
  });

  it("signs attestations and audit packages through a delegate; both verify offline with the KMS key", async () => {
    const key = kms.addEd25519Key();
    const db = ctx.database.db;
    const ledger = createLedgerService({ db, origin: "rampart.test", keySource: kmsSource(key.keyId) });
    const [tenant] = await db
      .insert(tenants)
      // A name this long makes the manifest too long for KMS, as hundreds of listed files do in use.
      .values({ name: `kms delegation ${randomUUID()} ${"n".repeat(4200)}` })
      .returning();
    for (const n of [1, 2, 3]) {
      await db.transaction((tx) =>
        ledger.append(tx, { tenantId: tenant!.id, artifactType: "finding", content: { n } }),
      );
    }
    const { posture, evidenceStore } = ctx.services;
    const publicKey = createPublicKey({ key: key.publicKeyDer, format: "der", type: "spki" });
    const attestations = createAttestationsService({ db, ledger, posture });
    const before = kms.requests.length;

    const attestation = await attestations.generate(tenant!.id, "manual");
    const row = await attestations.find(attestation.id);
    // The statement is longer than KMS signs: the KMS signed only the small delegation.
    expect(Buffer.from((row!.envelope as { payload: string }).payload, "base64").length).toBeGreaterThan(
      4096,
    );
    expect((row!.delegation as { payloadType: string }).payloadType).toBe(KEY_DELEGATION_PAYLOAD_TYPE);
    // What the JSON download holds, read back as `rampart verify` reads it.
    const bundle = JSON.parse(JSON.stringify(attestationDocument(row!)));
    const attestationReport = verifyAttestationBundle(bundle, { publicKey });
    expect(attestationReport.checks.filter((check) => check.status === "fail")).toEqual([]);
    expect(attestationReport.ok).toBe(true);
    expect(attestationReport.bundleHash).toBe(row!.bundleHash);
    const stranger = generateKeyPair().publicKey;
    expect(verifyAttestationBundle(bundle, { publicKey: stranger }).ok).toBe(false);

    const packages = createAuditPackageService({
      db,
      repo: createAuditPackageRepo(db),
      ledger,
      compliance: (tenantId, frameworkId) => posture.compliance(tenantId, frameworkId),
      evidenceStore,
    });
    const built = await packages.build({
      tenant: { id: tenant!.id, name: tenant!.name },
      frameworkId: "soc2",
      scope: { view: "type1", at: new Date(Date.now() + 60_000) },
      record: false,
    });
    const chunks: Buffer[] = [];
    for await (const chunk of built.stream) chunks.push(Buffer.from(chunk as Uint8Array));
    const files = readPackageZip(Buffer.concat(chunks));
    expect(files.has(MANIFEST_DELEGATION_PATH)).toBe(true);
    const packageReport = verifyAuditPackage(files, { publicKey });
    expect(packageReport.checks.filter((check) => check.status === "fail")).toEqual([]);
    expect(packageReport.ok).toBe(true);
    expect(verifyAuditPackage(files, { publicKey: stranger }).ok).toBe(false);
    // One delegate served both: the KMS signed its statement once, plus the checkpoints.
    const signs = kms.requests.slice(before).filter((request) => request.target === "TrentService.Sign");
    expect(signs.length).toBeLessThanOrEqual(4);
  });

  it("refuses a key of another spec", async () => {
    const key = kms.addP256Key();
    expect(await open(kmsSource(key.keyId))).toEqual({
      ok: false,
      error: `KMS key ${key.keyId} has key spec ECC_NIST_P256; the ledger needs ECC_NIST_EDWARDS25519 (Ed25519)`,
    });
  });

  it("names a missing key, denied access and a signature that does not verify", async () => {
    expect(await open(kmsSource("no-such-key"))).toEqual({
      ok: false,
      error: "KMS key no-such-key was not found",
    });
    const denied = kms.addEd25519Key({ deny: ["Sign"] });
    expect(await open(kmsSource(denied.keyId))).toEqual({
      ok: false,
      error: `access to KMS key ${denied.keyId} was denied (kms:Sign); grant it to this server's credentials`,
    });
    const lying = kms.addEd25519Key();
    kms.corruptSignatures(true);
    try {
      expect(await open(kmsSource(lying.keyId))).toEqual({
        ok: false,
        error: `KMS key ${lying.keyId} returned a signature that does not verify with its public key`,
      });
    } finally {
      kms.corruptSignatures(false);
    }
  });

  it("says it cannot reach the KMS without echoing the SDK", async () => {
    const source: SigningKeySource = {
      kind: "kms",
      kms: {
        keyId: "k",
        region: kms.region,
        endpoint: "http://127.0.0.1:9",
        credentials: kms.credentials,
        timeoutMs: 2_000,
      },
    };
    expect(await open(source)).toEqual({
      ok: false,
      error: "KMS GetPublicKey of key k failed: the KMS could not be reached",
    });
  });
});

describe("the data directory key", () => {
  it("is generated once, 0600 in a 0700 directory, and the same for every process", async () => {
    const dataDir = scratch();
    const [first, second] = await Promise.all([
      open({ kind: "data-directory", dataDir }),
      open({ kind: "data-directory", dataDir }),
    ]);
    expect(first.ok && second.ok).toBe(true);
    if (!first.ok || !second.ok) return;
    expect(keyFingerprint(first.signer.publicKey)).toBe(keyFingerprint(second.signer.publicKey));
    const file = dataDirectoryKeyFile(dataDir);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    expect(readdirSync(path.dirname(file))).toEqual(["ledger-signing-key.pem"]);
    const again = await open({ kind: "data-directory", dataDir });
    expect(again.ok && keyFingerprint(again.signer.publicKey)).toBe(keyFingerprint(first.signer.publicKey));
  });

  it("moves a key kept in the database to the file and deletes the row", async () => {
    const { privateKey, publicKey } = generateKeyPair();
    const db = ctx.database.db;
    await db.delete(instanceKeys);
    await db
      .insert(instanceKeys)
      .values({ name: "ledger-signing-key", privateKeyPem: exportPrivateKeyPem(privateKey) });
    const dataDir = scratch();
    const opened = await open({ kind: "data-directory", dataDir });
    expect(opened.ok && keyFingerprint(opened.signer.publicKey)).toBe(keyFingerprint(publicKey));
    expect(await db.select().from(instanceKeys)).toEqual([]);
    // What the file holds signs as the old key did: evidence signed before verifies after.
    const message = Buffer.from("moved");
    if (opened.ok) expect(verify(null, message, publicKey, await opened.signer.sign(message))).toBe(true);
  });

  it("refuses to start when the database and the file hold different keys", async () => {
    const dataDir = scratch();
    const opened = await open({ kind: "data-directory", dataDir });
    expect(opened.ok).toBe(true);
    const db = ctx.database.db;
    await db.insert(instanceKeys).values({
      name: "ledger-signing-key",
      privateKeyPem: exportPrivateKeyPem(generateKeyPair().privateKey),
    });
    const refused = await open({ kind: "data-directory", dataDir });
    expect(refused).toMatchObject({
      ok: false,
      error: expect.stringContaining("holds a ledger signing key other than"),
    });
    await db.delete(instanceKeys);
  });
});
