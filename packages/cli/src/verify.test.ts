// `rampart verify` on real export files: an untouched export verifies, one changed byte names the
// failing entry, and a later export is checked against an earlier one.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  AUDIT_LOG_FORMAT,
  type AuditLogSection,
  buildChain,
  buildExport,
  complianceStatement,
  contentHash,
  cutCheckpoint,
  delegatingSigner,
  exportPublicKeyPem,
  generateKeyPair,
  IN_TOTO_PAYLOAD_TYPE,
  keyFingerprint,
  ledgerTree,
  localSigner,
  signEnvelopeDelegable,
  signStatement,
  statementBytes,
} from "@rampart/ledger";
import { describe, expect, it } from "vitest";
import { runRampartSync } from "../test/run-rampart.ts";

const rampart = (cwd: string, ...args: string[]) => runRampartSync(cwd, args);

const { privateKey, publicKey } = generateKeyPair();
const contents = Array.from({ length: 6 }, (_, n) => ({ kind: "policy-run", runId: `run-${n}`, failed: n }));

async function exportOf(count: number, earlierCheckpoint?: string) {
  const entries = buildChain(contents.slice(0, count));
  const checkpoint = await cutCheckpoint({
    origin: "rampart.test/tenants/t",
    entries,
    timestamp: "2026-11-22T12:00:00Z",
    signer: localSigner(privateKey),
  });
  return buildExport({ entries, checkpoint, publicKey, ...(earlierCheckpoint ? { earlierCheckpoint } : {}) });
}

const earlier = await exportOf(4);
const later = await exportOf(6, earlier.checkpoint);

describe("rampart verify", () => {
  const dir = mkdtempSync(join(tmpdir(), "rampart-verify-"));
  writeFileSync(join(dir, "earlier.json"), JSON.stringify(earlier));
  writeFileSync(join(dir, "later.json"), JSON.stringify(later, null, 2));
  writeFileSync(join(dir, "key.pem"), exportPublicKeyPem(publicKey));

  it("passes an untouched export checked against the published key and an earlier export", () => {
    const result = rampart(dir, "verify", "later.json", "--key", "key.pem", "--earlier", "earlier.json");
    expect(result.stdout).toMatch(/VERIFIED/);
    expect(result.stdout).toMatch(/PASS\s+consistency/);
    expect(result.code).toBe(0);
  });

  it("names the entry when one byte of an artifact changes", () => {
    const text = JSON.stringify(later, null, 2).replace('"failed": 3', '"failed": 4');
    writeFileSync(join(dir, "tampered.json"), text);
    const result = rampart(dir, "verify", "tampered.json", "--key", "key.pem");
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/FAILED/);
    expect(result.stdout).toMatch(/entry 3/);
  });

  it("checks an export's audit log against its signed checkpoint", async () => {
    const entries = buildChain(contents);
    const auditLog: AuditLogSection = {
      format: AUDIT_LOG_FORMAT,
      from: "2026-11-01",
      to: "2026-11-22",
      total: 1,
      entries: [{ action: "auth.sign-in", actor: { email: "ada@example.com" }, result: "denied" }],
    };
    const checkpoint = await cutCheckpoint({
      origin: "rampart.test/tenants/t",
      entries,
      timestamp: "2026-11-22T12:00:00Z",
      signer: localSigner(privateKey),
      auditLog,
    });
    const document = buildExport({ entries, checkpoint, publicKey, auditLog });
    writeFileSync(join(dir, "audited.json"), JSON.stringify(document, null, 2));
    const passed = rampart(dir, "verify", "audited.json", "--key", "key.pem");
    expect(passed.stdout).toMatch(/PASS\s+audit-log\s+1 audit log entries from 2026-11-01 to 2026-11-22/);
    expect(passed.code).toBe(0);
    writeFileSync(
      join(dir, "audited-tampered.json"),
      JSON.stringify(document, null, 2).replace('"denied"', '"success"'),
    );
    const failed = rampart(dir, "verify", "audited-tampered.json", "--key", "key.pem");
    expect(failed.stdout).toMatch(/FAIL\s+audit-log/);
    expect(failed.code).toBe(1);
  }, 30_000);

  it("exits 2 with one line on stderr for a missing file", () => {
    const result = rampart(dir, "verify", "nope.json");
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
  });
});

const attestedEntries = buildChain(contents);
const envelope = await signStatement(
  complianceStatement({
    tenant: { id: "tenant-1" },
    period: { start: "2026-11-15T05:00:00.000Z", end: "2026-11-22T05:00:00.000Z" },
    generatedAt: "2026-11-22T05:00:00.000Z",
    frameworks: [{ framework: "soc2", score: 75, passed: 3, failed: 1, untested: 0 }],
    controls: [{ control: "IAC-ENC-01", status: "pass", passes: 2, failures: 0 }],
    ledger: {
      treeSize: attestedEntries.length,
      head: attestedEntries.at(-1)!.hash,
      rootHash: ledgerTree(attestedEntries).root().toString("hex"),
    },
  }),
  localSigner(privateKey),
);

describe("rampart verify <attestation bundle signed by a delegate>", async () => {
  // As a KMS key signs it: its delegate signs the statement, the JSON download carries the delegation.
  const own = localSigner(privateKey);
  const kmsLike = { ...own, maxMessageBytes: 256 };
  const statement = JSON.parse(Buffer.from(envelope.payload, "base64").toString("utf8"));
  const at = (iso: string) => delegatingSigner(kmsLike, { ttlHours: 12, now: () => new Date(iso) });
  const bundleAt = async (iso: string) => {
    const signed = await signEnvelopeDelegable(IN_TOTO_PAYLOAD_TYPE, statementBytes(statement), at(iso));
    return { bundleHash: contentHash(signed.envelope), ...signed };
  };
  const dir = mkdtempSync(join(tmpdir(), "rampart-verify-delegated-"));
  writeFileSync(join(dir, "bundle.json"), JSON.stringify(await bundleAt("2026-11-22T05:00:00Z"), null, 2));
  writeFileSync(join(dir, "late.json"), JSON.stringify(await bundleAt("2026-11-23T05:00:00Z"), null, 2));
  writeFileSync(join(dir, "key.pem"), exportPublicKeyPem(publicKey));
  writeFileSync(join(dir, "other.pem"), exportPublicKeyPem(generateKeyPair().publicKey));

  it("verifies with the instance key, naming the delegate", () => {
    const result = rampart(dir, "verify", "bundle.json", "--key", "key.pem");
    expect(result.stdout).toMatch(
      /PASS\s+signature\s+Ed25519 signature verifies with key \w+, delegated by key/,
    );
    expect(result.stdout).toMatch(/^VERIFIED: attestation of tenant tenant-1/m);
    expect(result.code).toBe(0);
  });

  it("fails with exit 1 for another key, or a statement outside the delegation's window", () => {
    const other = rampart(dir, "verify", "bundle.json", "--key", "other.pem");
    expect(other.stdout).toMatch(/FAIL\s+signature\s+.*the key delegation is not signed by the trusted key/);
    expect(other.code).toBe(1);
    const late = rampart(dir, "verify", "late.json", "--key", "key.pem");
    expect(late.stdout).toMatch(/FAIL\s+signature\s+.*outside the key delegation's window/);
    expect(late.code).toBe(1);
  });
});

describe("rampart verify <attestation bundle>", () => {
  const dir = mkdtempSync(join(tmpdir(), "rampart-verify-attestation-"));
  // As the server sends it (JSON.stringify(envelope, null, 2)) and as /api/evidence/public-key answers.
  writeFileSync(join(dir, "bundle.json"), JSON.stringify(envelope, null, 2));
  writeFileSync(join(dir, "key.pem"), exportPublicKeyPem(publicKey));
  writeFileSync(
    join(dir, "public-key.json"),
    JSON.stringify({
      algorithm: "Ed25519",
      publicKeyPem: exportPublicKeyPem(publicKey),
      fingerprint: keyFingerprint(publicKey),
    }),
  );

  it("verifies the DSSE signature, the Statement and the bundleHash with the key as PEM or as fetched JSON", () => {
    const hash = contentHash(envelope);
    const result = rampart(
      dir,
      "verify",
      "bundle.json",
      "--key",
      "key.pem",
      "--bundle-hash",
      hash.slice(0, 16),
    );
    expect(result.stdout).toMatch(/PASS\s+signature\s+Ed25519 signature over PAE/);
    expect(result.stdout).toMatch(
      /PASS\s+predicate-type\s+predicateType is https:\/\/rampart.dev\/attestation\/compliance\/v1/,
    );
    expect(result.stdout).toMatch(/PASS\s+bundle-hash/);
    expect(result.stdout).toMatch(/^VERIFIED: attestation of tenant tenant-1/m);
    expect(result.code).toBe(0);

    const viaJson = rampart(dir, "verify", "bundle.json", "--public-key", "public-key.json");
    expect(viaJson.stdout).toMatch(/SKIP\s+bundle-hash\s+no bundleHash given/);
    expect(viaJson.code).toBe(0);
  });

  it("fails with exit 1 when one byte of the signed payload changes", () => {
    const payload = Buffer.from(envelope.payload, "base64");
    payload[60] = payload[60]! ^ 0x01;
    writeFileSync(
      join(dir, "flipped.json"),
      JSON.stringify({ ...envelope, payload: payload.toString("base64") }),
    );
    const result = rampart(dir, "verify", "flipped.json", "--key", "key.pem");
    expect(result.stdout).toMatch(/FAIL\s+signature\s+no signature verifies/);
    expect(result.stdout).toMatch(/FAILED: 1 check\(s\) failed \(signature\)/);
    expect(result.code).toBe(1);
  });

  it("exits 2 without a key or with only a fingerprint", () => {
    const noKey = rampart(dir, "verify", "bundle.json");
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toMatch(/carries no key/);
    writeFileSync(join(dir, "fingerprint.txt"), keyFingerprint(publicKey));
    expect(rampart(dir, "verify", "bundle.json", "--key", "fingerprint.txt").code).toBe(2);
  });
});
