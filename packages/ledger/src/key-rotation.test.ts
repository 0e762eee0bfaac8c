// Key rotation: a statement signed by both keys links them, so an export signed by either verifies
// for an auditor who pinned the other; a statement missing either signature links nothing.
import { describe, expect, it } from "vitest";
import { buildChain } from "./chain.ts";
import { type DsseEnvelope, signEnvelope } from "./dsse.ts";
import { buildExport, cutCheckpoint } from "./export.ts";
import {
  KEY_ROTATION_PAYLOAD_TYPE,
  keyRotationStatement,
  keysLinkedTo,
  linkKeys,
  signKeyRotation,
  verifyKeyRotation,
} from "./key-rotation.ts";
import { localSigner } from "./signer.ts";
import { generateKeyPair, keyFingerprint } from "./signing.ts";
import { verifyExport } from "./verify-export.ts";

const ORIGIN = "rampart.test/tenants/t";
const old = generateKeyPair();
const next = generateKeyPair();
const stranger = generateKeyPair();
const oldSigner = localSigner(old.privateKey);
const nextSigner = localSigner(next.privateKey);
const rotation = keyRotationStatement({
  origin: "rampart.test",
  previous: old.publicKey,
  next: next.publicKey,
  rotatedAt: "2026-11-15T00:00:00Z",
});
const statement = await signKeyRotation(rotation, oldSigner, nextSigner);
const contents = Array.from({ length: 5 }, (_, n) => ({ kind: "policy-run", n }));

async function exportBy(
  signer: typeof oldSigner,
  size: number,
  timestamp: string,
  extra: { earlierCheckpoint?: string; keyHistory?: readonly DsseEnvelope[] } = {},
) {
  const entries = buildChain(contents.slice(0, size));
  const checkpoint = await cutCheckpoint({ origin: ORIGIN, entries, timestamp, signer });
  return buildExport({ entries, checkpoint, publicKey: signer.publicKey, ...extra });
}

/** The statement re-signed: by the previous key and a stranger in place of the next key. */
async function forgedStatement() {
  const forged = keyRotationStatement({
    origin: "rampart.test",
    previous: old.publicKey,
    next: stranger.publicKey,
    rotatedAt: "2026-11-15T00:00:00Z",
  });
  const byOld = await signEnvelope(KEY_ROTATION_PAYLOAD_TYPE, JSON.stringify(forged), oldSigner);
  return byOld;
}

describe("key rotation statements", () => {
  it("verify when signed by both keys, and name them", () => {
    const verified = verifyKeyRotation(statement);
    expect(verified.ok && verified.rotation).toEqual(rotation);
    expect(statement.signatures).toHaveLength(2);
  });

  it("are refused when one signature is missing, replaced or the payload changed", async () => {
    expect(verifyKeyRotation({ ...statement, signatures: [statement.signatures[0]!] }).ok).toBe(false);
    const strangerSigned = await signKeyRotation(
      keyRotationStatement({
        origin: "x",
        previous: old.publicKey,
        next: stranger.publicKey,
        rotatedAt: rotation.rotatedAt,
      }),
      oldSigner,
      localSigner(stranger.privateKey),
    );
    // A valid statement for another key cannot stand in: its signatures cover its own payload.
    expect(verifyKeyRotation({ ...statement, signatures: strangerSigned.signatures }).ok).toBe(false);
    expect(verifyKeyRotation(await forgedStatement()).ok).toBe(false);
    const payload = Buffer.from(statement.payload, "base64")
      .toString("utf8")
      .replace("2026-11-15", "2026-11-16");
    expect(verifyKeyRotation({ ...statement, payload: Buffer.from(payload).toString("base64") }).ok).toBe(
      false,
    );
    await expect(signKeyRotation(rotation, nextSigner, oldSigner)).rejects.toThrow(TypeError);
  });

  it("link keys both ways, within the signing key's time in service", () => {
    const oldPrint = keyFingerprint(old.publicKey);
    const nextPrint = keyFingerprint(next.publicKey);
    expect(linkKeys([statement], oldPrint, nextPrint, "2026-11-20T00:00:00Z")).toMatchObject({ ok: true });
    expect(linkKeys([statement], nextPrint, oldPrint, "2026-11-01T00:00:00Z")).toMatchObject({ ok: true });
    expect(linkKeys([statement], nextPrint, oldPrint, "2026-11-20T00:00:00Z")).toMatchObject({
      ok: false,
      message: expect.stringContaining("after its key was rotated out"),
    });
    expect(linkKeys([statement], oldPrint, nextPrint, "2026-11-01T00:00:00Z")).toMatchObject({
      ok: false,
      message: expect.stringContaining("before its key was rotated in"),
    });
    expect(linkKeys([statement], keyFingerprint(stranger.publicKey), nextPrint).ok).toBe(false);
    expect(keysLinkedTo([statement], nextPrint).map(keyFingerprint)).toEqual([oldPrint]);
  });
});

describe("exports across a rotation", () => {
  it("an old export keeps verifying against the old key, and against the new key with the history", async () => {
    const before = await exportBy(oldSigner, 3, "2026-11-10T00:00:00Z");
    expect(verifyExport(before, { trustedPublicKey: old.publicKey }).ok).toBe(true);
    expect(verifyExport(before, { trustedPublicKey: next.publicKey }).ok).toBe(false);
    const report = verifyExport(before, { trustedPublicKey: next.publicKey, keyHistory: [statement] });
    expect(report.checks.find((check) => check.id === "trusted-key")).toMatchObject({ status: "pass" });
    expect(report.ok).toBe(true);
  });

  it("a new export verifies against the old pinned key through its keyHistory, its earlier checkpoint by the old key", async () => {
    const before = await exportBy(oldSigner, 3, "2026-11-10T00:00:00Z");
    const after = await exportBy(nextSigner, 5, "2026-11-20T00:00:00Z", {
      earlierCheckpoint: before.checkpoint,
      keyHistory: [statement],
    });
    const report = verifyExport(after, {
      trustedPublicKey: old.publicKey,
      earlierCheckpoint: before.checkpoint,
    });
    expect(report.checks.filter((check) => check.status === "fail").map((check) => check.id)).toEqual([]);
    expect(report.checks.find((check) => check.id === "earlier-checkpoint-signature")?.status).toBe("pass");
    expect(report.ok).toBe(true);
    // Without the history the old key vouches for nothing here.
    const { keyHistory: _dropped, ...bare } = after;
    expect(verifyExport(bare, { trustedPublicKey: old.publicKey }).ok).toBe(false);
  });

  it("refuses a forged rotation statement in the export", async () => {
    const forged = await forgedStatement();
    const byStranger = await exportBy(localSigner(stranger.privateKey), 5, "2026-11-20T00:00:00Z", {
      keyHistory: [forged],
    });
    const report = verifyExport(byStranger, { trustedPublicKey: old.publicKey });
    expect(report.ok).toBe(false);
    expect(report.checks.find((check) => check.id === "trusted-key")).toMatchObject({
      status: "fail",
      message: expect.stringContaining("not signed by both keys"),
    });
  });
});
