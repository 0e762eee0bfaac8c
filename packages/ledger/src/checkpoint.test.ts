import { describe, expect, it } from "vitest";
import {
  type Checkpoint,
  checkpointBody,
  noteKeyId,
  parseCheckpoint,
  signCheckpoint,
  verifierKey,
  verifyCheckpoint,
} from "./checkpoint.ts";
import { localSigner } from "./signer.ts";
import { generateKeyPair, rawPublicKey } from "./signing.ts";

const checkpoint: Checkpoint = {
  origin: "rampart.example.com/ledger/acme",
  treeSize: 42,
  rootHash: "5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328",
  timestamp: "2026-11-22T10:00:00Z",
};

const { privateKey, publicKey } = generateKeyPair();
const signer = localSigner(privateKey);
const note = await signCheckpoint(checkpoint, signer);

describe("signed checkpoints", () => {
  it("writes the C2SP checkpoint body and one signature line", () => {
    expect(checkpointBody(checkpoint)).toBe(
      "rampart.example.com/ledger/acme\n42\nXcnaeacGWamtVZy3Ad7ZoqudgjqtL0lgz+Nw7/RgQyg=\ntimestamp 2026-11-22T10:00:00Z\n",
    );
    const [body, signatureLine] = note.split("\n\n");
    expect(`${body}\n`).toBe(checkpointBody(checkpoint));
    expect(signatureLine).toMatch(/^\u2014 rampart\.example\.com\/ledger\/acme [A-Za-z0-9+/]{91}=\n$/);
    const signed = Buffer.from(signatureLine!.trim().split(" ")[2]!, "base64");
    expect(signed.subarray(0, 4)).toEqual(noteKeyId(checkpoint.origin, publicKey));
    expect(signed.length).toBe(68);
  });

  it("verifies and returns the checkpoint", () => {
    expect(verifyCheckpoint(note, publicKey)).toEqual({ ok: true, checkpoint });
    expect(verifyCheckpoint(note, publicKey, checkpoint.origin).ok).toBe(true);
    expect(parseCheckpoint(note)).toEqual({ ok: true, checkpoint });
  });

  it("fails when any byte of the note changes", () => {
    for (let index = 0; index < note.length; index++) {
      const code = note.charCodeAt(index);
      const changed = note.slice(0, index) + String.fromCharCode(code ^ 1) + note.slice(index + 1);
      expect(verifyCheckpoint(changed, publicKey).ok, `byte ${index}`).toBe(false);
    }
  });

  it("carries an audit log hash as a signed extension line, at most one", async () => {
    const withAuditLog = { ...checkpoint, auditLogHash: "ab".repeat(32) };
    const signed = await signCheckpoint(withAuditLog, signer);
    expect(checkpointBody(withAuditLog)).toBe(`${checkpointBody(checkpoint)}audit-log ${"ab".repeat(32)}\n`);
    expect(verifyCheckpoint(signed, publicKey)).toEqual({ ok: true, checkpoint: withAuditLog });
    // Removing the line breaks the signature: the hash is covered.
    const stripped = signed.replace(`audit-log ${"ab".repeat(32)}\n`, "");
    expect(verifyCheckpoint(stripped, publicKey)).toMatchObject({ ok: false, reason: "bad-signature" });
    const doubled = signed.replace("\n\n", `\naudit-log ${"cd".repeat(32)}\n\n`);
    expect(parseCheckpoint(doubled)).toMatchObject({ ok: false });
    expect(() => checkpointBody({ ...checkpoint, auditLogHash: "not-hex" })).toThrow(TypeError);
  });

  it("names why it failed", () => {
    const other = generateKeyPair();
    expect(verifyCheckpoint(note, other.publicKey)).toMatchObject({ ok: false, reason: "no-signature" });
    expect(verifyCheckpoint("hello", publicKey)).toMatchObject({ ok: false, reason: "malformed" });
    const resized = note.replace("\n42\n", "\n43\n");
    expect(verifyCheckpoint(resized, publicKey)).toMatchObject({ ok: false, reason: "bad-signature" });
    expect(verifyCheckpoint(note, publicKey, "elsewhere/acme")).toMatchObject({
      ok: false,
      reason: "origin-mismatch",
    });
  });

  it("ignores signatures by other keys, as signed notes allow cosigners", async () => {
    const cosigner = generateKeyPair();
    const cosigned = (await signCheckpoint(checkpoint, localSigner(cosigner.privateKey))).split("\n\n")[1]!;
    expect(verifyCheckpoint(note + cosigned, publicKey).ok).toBe(true);
  });

  it("publishes a C2SP verifier key", () => {
    const key = /^([^+]+)\+([0-9a-f]{8})\+(.+)$/.exec(verifierKey(checkpoint.origin, publicKey))!;
    expect(key[1]).toBe(checkpoint.origin);
    expect(key[2]).toBe(noteKeyId(checkpoint.origin, publicKey).toString("hex"));
    expect(Buffer.from(key[3]!, "base64")).toEqual(
      Buffer.concat([Buffer.from([1]), rawPublicKey(publicKey)]),
    );
  });

  it("refuses to write a checkpoint it could not read back", async () => {
    await expect(signCheckpoint({ ...checkpoint, origin: "has space" }, signer)).rejects.toThrow(TypeError);
    await expect(signCheckpoint({ ...checkpoint, timestamp: "yesterday" }, signer)).rejects.toThrow(
      TypeError,
    );
    await expect(signCheckpoint({ ...checkpoint, rootHash: "AB" }, signer)).rejects.toThrow(TypeError);
  });
});
