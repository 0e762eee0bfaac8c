// The audit package verifier on a real sealed package: it passes untouched, and each kind of damage
// (a changed byte, a missing or extra file, a bad signature, a wrong key) fails the right check.

import { describe, expect, it } from "vitest";
import { auditPackageFixture, FIXTURE_EVIDENCE_PATH } from "./audit-package.fixture.ts";
import {
  jsonFile,
  LEDGER_PROOFS_PATH,
  MANIFEST_DELEGATION_PATH,
  MANIFEST_ENVELOPE_PATH,
  MANIFEST_PATH,
  MANIFEST_PAYLOAD_TYPE,
  type PackageCheckId,
  verifyAuditPackage,
} from "./audit-package.ts";
import { signEnvelope } from "./dsse.ts";
import { delegatingSigner } from "./key-delegation.ts";
import { localSigner, type Signer } from "./signer.ts";
import { exportPublicKeyPem, generateKeyPair, keyFingerprint } from "./signing.ts";

const { files, keys } = await auditPackageFixture();

function failed(report: ReturnType<typeof verifyAuditPackage>): PackageCheckId[] {
  return report.checks.filter((check) => check.status === "fail").map((check) => check.id);
}

function message(report: ReturnType<typeof verifyAuditPackage>, id: PackageCheckId): string {
  return report.checks.find((check) => check.id === id)?.message ?? "";
}

function changed(path: string, change: (bytes: Uint8Array) => Uint8Array): Map<string, Uint8Array> {
  const copy = new Map(files);
  copy.set(path, change(copy.get(path)!));
  return copy;
}

describe("verifyAuditPackage", () => {
  it("passes a sealed package, with the pinned key as PEM or as a fingerprint", () => {
    for (const publicKey of [exportPublicKeyPem(keys.publicKey), keyFingerprint(keys.publicKey)]) {
      const report = verifyAuditPackage(files, { publicKey });
      expect(failed(report)).toEqual([]);
      expect(report.ok).toBe(true);
      expect(report.checks.every((check) => check.status === "pass")).toBe(true);
    }
  });

  it("passes without a pinned key but says the key was not compared", () => {
    const report = verifyAuditPackage(files);
    expect(report.ok).toBe(true);
    expect(report.checks.find((check) => check.id === "trusted-key")?.status).toBe("skip");
  });

  it("fails one changed byte of an evidence file, naming the file", () => {
    const tampered = changed(FIXTURE_EVIDENCE_PATH, (bytes) => {
      const copy = Buffer.from(bytes);
      copy[3] = copy[3]! ^ 0x01;
      return copy;
    });
    const report = verifyAuditPackage(tampered, { publicKey: keys.publicKey });
    expect(report.ok).toBe(false);
    expect(failed(report)).toEqual(["files", "ledger-entries"]);
    expect(message(report, "files")).toContain(FIXTURE_EVIDENCE_PATH);
    expect(message(report, "ledger-entries")).toContain(FIXTURE_EVIDENCE_PATH);
  });

  it("fails a missing file and an unlisted one", () => {
    const missing = new Map(files);
    missing.delete(FIXTURE_EVIDENCE_PATH);
    const report = verifyAuditPackage(missing);
    expect(failed(report)).toContain("files");
    expect(message(report, "files")).toContain(`${FIXTURE_EVIDENCE_PATH}: missing`);

    const extra = new Map(files);
    extra.set("evidence/extra.txt", Buffer.from("slipped in"));
    const extraReport = verifyAuditPackage(extra);
    expect(failed(extraReport)).toEqual(["unlisted-files"]);
    expect(message(extraReport, "unlisted-files")).toContain("evidence/extra.txt");
  });

  it("fails a manifest changed after signing, and a signature by another key", async () => {
    const manifest = JSON.parse(Buffer.from(files.get(MANIFEST_PATH)!).toString("utf8"));
    manifest.tenant.name = "Someone else";
    const edited = new Map(files);
    edited.set(MANIFEST_PATH, jsonFile(manifest));
    expect(failed(verifyAuditPackage(edited))).toEqual(["manifest-signature"]);

    const other = generateKeyPair();
    const resigned = new Map(files);
    resigned.set(
      MANIFEST_ENVELOPE_PATH,
      jsonFile(
        await signEnvelope(MANIFEST_PAYLOAD_TYPE, files.get(MANIFEST_PATH)!, localSigner(other.privateKey)),
      ),
    );
    const report = verifyAuditPackage(resigned);
    expect(failed(report)).toEqual(["manifest-signature"]);
    expect(message(report, "manifest-signature")).toMatch(/no signature verifies/);
  });

  it("fails a package signed throughout by a key other than the pinned one", async () => {
    const forged = (await auditPackageFixture(generateKeyPair())).files;
    const report = verifyAuditPackage(forged, { publicKey: keys.publicKey });
    expect(failed(report)).toEqual(["trusted-key"]);
    expect(verifyAuditPackage(forged, { publicKey: "not a key" }).ok).toBe(false);
  });

  it("fails a proof that no longer matches the signed tree", () => {
    const proofs = JSON.parse(Buffer.from(files.get(LEDGER_PROOFS_PATH)!).toString("utf8"));
    proofs.entries[1].inclusionProof[0] = "0".repeat(64);
    // Re-seal is not possible without the key, so the manifest's hash of proofs.json fails as well.
    const report = verifyAuditPackage(changed(LEDGER_PROOFS_PATH, () => jsonFile(proofs)));
    expect(failed(report)).toEqual(["files", "inclusion-proofs"]);
  });

  it("refuses a package without a manifest", () => {
    const bare = new Map(files);
    bare.delete(MANIFEST_PATH);
    const report = verifyAuditPackage(bare);
    expect(report.ok).toBe(false);
    expect(failed(report)).toEqual(["manifest"]);
  });
});

describe("verifyAuditPackage with a manifest signed by a delegate", () => {
  // A root that signs only short messages, like a KMS: the manifest goes to its delegate.
  const limited = (signer: Signer): Signer => ({ ...signer, maxMessageBytes: 512 });
  const at = (iso: string) => (signer: Signer) =>
    delegatingSigner(limited(signer), { ttlHours: 8, now: () => new Date(iso) });
  const delegated = auditPackageFixture(generateKeyPair(), at("2026-11-22T12:00:00Z"));

  it("passes with the delegation statement beside the envelope", async () => {
    const { files: sealed, keys: root } = await delegated;
    expect(sealed.has(MANIFEST_DELEGATION_PATH)).toBe(true);
    const report = verifyAuditPackage(sealed, { publicKey: root.publicKey });
    expect(failed(report)).toEqual([]);
    expect(message(report, "manifest-signature")).toMatch(/through its delegate/);
  });

  it("fails without the delegation, or with one signed by another key", async () => {
    const { files: sealed, keys: root } = await delegated;
    const without = new Map(sealed);
    without.delete(MANIFEST_DELEGATION_PATH);
    expect(failed(verifyAuditPackage(without, { publicKey: root.publicKey }))).toEqual([
      "manifest-signature",
    ]);

    const statement = JSON.parse(Buffer.from(sealed.get(MANIFEST_DELEGATION_PATH)!).toString("utf8"));
    const forged = new Map(sealed);
    forged.set(
      MANIFEST_DELEGATION_PATH,
      jsonFile(
        await signEnvelope(
          statement.payloadType,
          Buffer.from(statement.payload, "base64"),
          localSigner(generateKeyPair().privateKey),
        ),
      ),
    );
    const report = verifyAuditPackage(forged, { publicKey: root.publicKey });
    expect(failed(report)).toEqual(["manifest-signature"]);
    expect(message(report, "manifest-signature")).toMatch(/not signed by the trusted key/);
  });

  it("fails a manifest dated outside the delegation's window", async () => {
    const { files: sealed, keys: root } = await auditPackageFixture(
      generateKeyPair(),
      at("2026-11-23T12:00:00Z"),
    );
    const report = verifyAuditPackage(sealed, { publicKey: root.publicKey });
    expect(failed(report)).toEqual(["manifest-signature"]);
    expect(message(report, "manifest-signature")).toMatch(/outside the key delegation's window/);
  });
});
