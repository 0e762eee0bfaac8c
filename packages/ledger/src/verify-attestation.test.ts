// Offline checks of compliance attestation bundles: a signed bundle verifies and every way of
// spoiling it fails at the check that names what is wrong.
import { describe, expect, it } from "vitest";
import { buildChain, contentHash } from "./chain.ts";
import { type DsseEnvelope, signEnvelope } from "./dsse.ts";
import { cutCheckpoint, ledgerTree } from "./export.ts";
import {
  type CompliancePredicate,
  complianceStatement,
  IN_TOTO_PAYLOAD_TYPE,
  signStatement,
  statementBytes,
} from "./intoto.ts";
import { delegatingSigner, signEnvelopeDelegable } from "./key-delegation.ts";
import { localSigner } from "./signer.ts";
import { generateKeyPair, keyFingerprint } from "./signing.ts";
import {
  formatAttestationReport,
  isAttestationBundle,
  verifyAttestationBundle,
} from "./verify-attestation.ts";

const instance = generateKeyPair();
const entries = buildChain([
  { kind: "policy-run", runId: "r1" },
  { kind: "policy-run", runId: "r2" },
]);
const ledger = {
  treeSize: entries.length,
  head: entries.at(-1)!.hash,
  rootHash: ledgerTree(entries).root().toString("hex"),
};
const input: CompliancePredicate = {
  tenant: { id: "tenant-1" },
  period: { start: "2026-11-15T05:00:00.000Z", end: "2026-11-22T05:00:00.000Z" },
  generatedAt: "2026-11-22T05:00:00.000Z",
  frameworks: [{ framework: "soc2", score: 80, passed: 8, failed: 2, untested: 1 }],
  controls: [{ control: "IAC-ENC-01", status: "fail", failures: 1, passes: 0 }],
  ledger,
};
const envelope = await signStatement(complianceStatement(input), localSigner(instance.privateKey));
const verify = (document: unknown, expectedBundleHash?: string) =>
  verifyAttestationBundle(document, {
    publicKey: instance.publicKey,
    ...(expectedBundleHash ? { expectedBundleHash } : {}),
  });
const statusOf = (report: ReturnType<typeof verify>) =>
  Object.fromEntries(report.checks.map((check) => [check.id, check.status]));

/** The envelope with one character of its base64 payload changed to another valid one. */
function flipPayloadByte(original: DsseEnvelope): DsseEnvelope {
  const bytes = Buffer.from(original.payload, "base64");
  bytes[40] = bytes[40]! ^ 0x01;
  return { ...original, payload: bytes.toString("base64") };
}

describe("verifyAttestationBundle", () => {
  it("verifies a signed bundle and reports what it attests", () => {
    const report = verify(JSON.parse(JSON.stringify(envelope)), contentHash(envelope));
    expect(report.ok).toBe(true);
    expect(statusOf(report)).toEqual({
      envelope: "pass",
      "payload-type": "pass",
      signature: "pass",
      statement: "pass",
      "predicate-type": "pass",
      subject: "pass",
      "ledger-checkpoint": "skip",
      "bundle-hash": "pass",
    });
    expect(report).toMatchObject({
      tenantId: "tenant-1",
      ledgerHead: ledger.head,
      treeSize: 2,
      bundleHash: contentHash(envelope),
      fingerprint: keyFingerprint(instance.publicKey),
    });
    expect(formatAttestationReport(report)).toMatch(
      /^VERIFIED: attestation of tenant tenant-1 for 2026-11-15/m,
    );
  });

  it("fails the signature when one byte of the payload changes, and says the bundleHash differs", () => {
    const report = verify(flipPayloadByte(envelope), contentHash(envelope));
    expect(report.ok).toBe(false);
    expect(statusOf(report)).toMatchObject({ signature: "fail", statement: "skip", "bundle-hash": "fail" });
    expect(formatAttestationReport(report)).toMatch(/FAILED: 2 check\(s\) failed \(signature, bundle-hash\)/);
  });

  it("fails the signature for another key and a spoiled signature", () => {
    const other = generateKeyPair();
    expect(statusOf(verifyAttestationBundle(envelope, { publicKey: other.publicKey })).signature).toBe(
      "fail",
    );
    const sig = Buffer.from(envelope.signatures[0]!.sig, "base64");
    sig[5] = sig[5]! ^ 0xff;
    const spoiled = { ...envelope, signatures: [{ ...envelope.signatures[0], sig: sig.toString("base64") }] };
    expect(statusOf(verify(spoiled)).signature).toBe("fail");
  });

  it("fails a signed statement of another predicate type, payload type or ledger head", async () => {
    const statement = complianceStatement(input);
    const otherPredicate = await signStatement(
      { ...statement, predicateType: "https://slsa.dev/provenance/v1" },
      localSigner(instance.privateKey),
    );
    expect(statusOf(verify(otherPredicate))["predicate-type"]).toBe("fail");

    const otherType = await signEnvelope(
      "application/json",
      statementBytes(statement),
      localSigner(instance.privateKey),
    );
    expect(statusOf(verify(otherType))["payload-type"]).toBe("fail");

    const unbound = await signStatement(
      { ...statement, subject: [{ name: "x", digest: { sha256: "0".repeat(64) } }] },
      localSigner(instance.privateKey),
    );
    expect(statusOf(verify(unbound)).subject).toBe("fail");

    const notStatement = await signEnvelope(
      IN_TOTO_PAYLOAD_TYPE,
      '{"hello":"world"}',
      localSigner(instance.privateKey),
    );
    expect(statusOf(verify(notStatement)).statement).toBe("fail");
  });

  it("checks a signed checkpoint against the predicate's tree size and root", async () => {
    const checkpoint = await cutCheckpoint({
      origin: "rampart.test/tenants/tenant-1",
      entries,
      timestamp: "2026-11-22T05:00:00Z",
      signer: localSigner(instance.privateKey),
    });
    const good = await signStatement(
      complianceStatement({ ...input, ledger: { ...ledger, checkpoint } }),
      localSigner(instance.privateKey),
    );
    expect(statusOf(verify(good))["ledger-checkpoint"]).toBe("pass");
    const stale = await cutCheckpoint({
      origin: "rampart.test/tenants/tenant-1",
      entries: entries.slice(0, 1),
      timestamp: "2026-11-22T05:00:00Z",
      signer: localSigner(instance.privateKey),
    });
    const mismatched = await signStatement(
      complianceStatement({ ...input, ledger: { ...ledger, checkpoint: stale } }),
      localSigner(instance.privateKey),
    );
    expect(statusOf(verify(mismatched))["ledger-checkpoint"]).toBe("fail");
  });

  it("compares the bundleHash given or stated in a wrapper, by prefix of at least 16 digits", () => {
    const hash = contentHash(envelope);
    expect(statusOf(verify(envelope, hash.slice(0, 16)))["bundle-hash"]).toBe("pass");
    expect(statusOf(verify(envelope, hash.slice(0, 8)))["bundle-hash"]).toBe("fail");
    expect(statusOf(verify({ bundleHash: "f".repeat(64), envelope }))["bundle-hash"]).toBe("fail");
    expect(statusOf(verify({ dsseEnvelope: envelope }))["bundle-hash"]).toBe("skip");
    expect(verify(envelope).checks.find((check) => check.id === "bundle-hash")?.message).toContain(hash);
  });

  it("tells bundles from other documents and fails a broken envelope", () => {
    expect(isAttestationBundle(envelope)).toBe(true);
    expect(isAttestationBundle({ dsseEnvelope: envelope })).toBe(true);
    expect(isAttestationBundle({ format: "rampart-ledger-export", artifacts: [] })).toBe(false);
    const report = verify({ ...envelope, payload: "not base64!" });
    expect(statusOf(report)).toMatchObject({ envelope: "fail", signature: "skip" });
    expect(statusOf(verify({ hello: "world" })).envelope).toBe("fail");
  });
});

describe("verifyAttestationBundle with a delegated signature", () => {
  // A root that signs only short messages, like a KMS: the statement goes to its delegate.
  const inner = localSigner(instance.privateKey);
  const root = { publicKey: inner.publicKey, maxMessageBytes: 512, sign: inner.sign };
  const generatedAt = new Date(input.generatedAt);
  const signer = delegatingSigner(root, { ttlHours: 8, now: () => generatedAt });
  const signed = signEnvelopeDelegable(
    IN_TOTO_PAYLOAD_TYPE,
    statementBytes(complianceStatement(input)),
    signer,
  );

  it("verifies a bundle whose delegation the instance key signed", async () => {
    const { envelope: delegated, delegation } = await signed;
    expect(delegation).toBeDefined();
    const report = verify({ bundleHash: contentHash(delegated), envelope: delegated, delegation });
    expect(report.ok).toBe(true);
    expect(report.checks.find((check) => check.id === "signature")?.message).toMatch(/delegated by key/);
  });

  it("fails without the delegation, or with one the instance key did not sign", async () => {
    const { envelope: delegated, delegation } = await signed;
    expect(statusOf(verify(delegated)).signature).toBe("fail");
    const stranger = localSigner(generateKeyPair().privateKey);
    const forged = await signEnvelope(
      delegation!.payloadType,
      Buffer.from(delegation!.payload, "base64"),
      stranger,
    );
    const report = verify({ envelope: delegated, delegation: forged });
    expect(statusOf(report).signature).toBe("fail");
    expect(report.checks.find((check) => check.id === "signature")?.message).toMatch(
      /delegation does not hold: the key delegation is not signed by the trusted key/,
    );
  });

  it("fails when the statement is dated outside the delegation's window", async () => {
    const late = delegatingSigner(root, { ttlHours: 8, now: () => new Date("2026-11-23T05:00:00Z") });
    const { envelope: delegated, delegation } = await signEnvelopeDelegable(
      IN_TOTO_PAYLOAD_TYPE,
      statementBytes(complianceStatement(input)),
      late,
    );
    const report = verify({ envelope: delegated, delegation });
    expect(report.checks.find((check) => check.id === "signature")?.message).toMatch(
      /outside the key delegation's window/,
    );
  });
});
