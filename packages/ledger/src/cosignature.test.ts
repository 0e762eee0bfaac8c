import { describe, expect, it } from "vitest";
import { type Checkpoint, checkpointBody } from "./checkpoint.ts";
import {
  cosignCheckpoint,
  cosignerKeyId,
  cosignerVerifierKey,
  parseCosignerKeys,
  verifyCosignatures,
} from "./cosignature.ts";
import { formatVerifierKey, parseVerifierKey, SIGNATURE_TYPE, verifyNote } from "./note.ts";
import { generateKeyPair } from "./signing.ts";
import { signCheckpointSync } from "./witness.fixture.ts";

const checkpoint: Checkpoint = {
  origin: "rampart.example.com/tenants/acme",
  treeSize: 7,
  rootHash: "5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328",
  timestamp: "2026-11-22T10:00:00Z",
};
const log = generateKeyPair();
const note = signCheckpointSync(checkpoint, log.privateKey);
const text = checkpointBody(checkpoint);

function witness(name: string) {
  const { privateKey, publicKey } = generateKeyPair();
  return { name, privateKey, vkey: cosignerVerifierKey(name, publicKey), publicKey };
}

const w1 = witness("w1.example/witness");
const w2 = witness("w2.example/witness");

function cosigned(...lines: string[]) {
  return `${note}${lines.map((line) => `${line}\n`).join("")}`;
}

describe("cosignatures", () => {
  it("writes a 76-byte type 0x04 signature line under the witness's key ID", () => {
    const line = cosignCheckpoint({
      name: w1.name,
      privateKey: w1.privateKey,
      checkpointText: text,
      time: 1_700_000_000,
    });
    const [dash, name, base64] = line.split(" ");
    expect(dash).toBe("\u2014");
    expect(name).toBe(w1.name);
    const bytes = Buffer.from(base64!, "base64");
    expect(bytes).toHaveLength(76);
    expect(bytes.subarray(0, 4)).toEqual(cosignerKeyId(w1.name, w1.publicKey));
    expect(bytes.readBigUInt64BE(4)).toBe(1_700_000_000n);
    expect(w1.vkey.split("+")[1]).toBe(bytes.subarray(0, 4).toString("hex"));
    expect(Buffer.from(w1.vkey.split("+")[2]!, "base64")[0]).toBe(0x04);
  });

  it("round-trips: the witnesses that cosigned vouch, with their times", () => {
    const note2 = cosigned(
      cosignCheckpoint({ name: w1.name, privateKey: w1.privateKey, checkpointText: text, time: 100 }),
      cosignCheckpoint({ name: w2.name, privateKey: w2.privateKey, checkpointText: text, time: 200 }),
    );
    expect(verifyCosignatures(note2, [w1.vkey, w2.vkey])).toEqual({
      ok: true,
      vouching: [
        { name: w1.name, vkey: w1.vkey, time: 100 },
        { name: w2.name, vkey: w2.vkey, time: 200 },
      ],
      failed: [],
    });
    // A witness not asked about is ignored; so is the log's own signature.
    expect(verifyCosignatures(note2, [w2.vkey])).toMatchObject({ ok: true, vouching: [{ name: w2.name }] });
    // The note still verifies as a signed note under the log's key and a cosigner key.
    const logKey = parseVerifierKey(
      formatVerifierKey(checkpoint.origin, SIGNATURE_TYPE.ed25519, log.publicKey),
    );
    const w1Key = parseVerifierKey(w1.vkey);
    if (!logKey.ok || !w1Key.ok) throw new Error("keys");
    expect(verifyNote(note2, [logKey.verifier, w1Key.verifier]).ok).toBe(true);
  });

  it("reports a cosignature over another checkpoint, a changed time or a forged line as failed", () => {
    const otherText = text.replace("\n7\n", "\n8\n");
    const overOther = cosignCheckpoint({
      name: w1.name,
      privateKey: w1.privateKey,
      checkpointText: otherText,
      time: 5,
    });
    const honest = cosignCheckpoint({
      name: w2.name,
      privateKey: w2.privateKey,
      checkpointText: text,
      time: 5,
    });
    const bytes = Buffer.from(honest.split(" ")[2]!, "base64");
    bytes.writeBigUInt64BE(6n, 4);
    const retimed = `\u2014 ${w2.name} ${bytes.toString("base64")}`;
    const result = verifyCosignatures(cosigned(overOther, retimed), [w1.vkey, w2.vkey]);
    expect(result).toMatchObject({ ok: true, vouching: [] });
    expect(result.ok && result.failed.map((failure) => [failure.name, failure.message])).toEqual([
      [w1.name, "does not verify"],
      [w2.name, "does not verify"],
    ]);
  });

  it("does not let one witness's line pass for another's (wrong key)", () => {
    const line = cosignCheckpoint({
      name: w2.name,
      privateKey: w1.privateKey,
      checkpointText: text,
      time: 5,
    });
    // Signed with w1's key under w2's name: the key ID is w1's, so w2's key ignores it.
    expect(verifyCosignatures(cosigned(line), [w2.vkey])).toEqual({ ok: true, vouching: [], failed: [] });
  });

  it("counts a witness once and refuses one key under two names", () => {
    const first = cosignCheckpoint({
      name: w1.name,
      privateKey: w1.privateKey,
      checkpointText: text,
      time: 10,
    });
    const second = cosignCheckpoint({
      name: w1.name,
      privateKey: w1.privateKey,
      checkpointText: text,
      time: 20,
    });
    expect(verifyCosignatures(cosigned(first, second), [w1.vkey])).toMatchObject({
      ok: true,
      vouching: [{ name: w1.name, time: 20 }],
    });
    const alias = cosignerVerifierKey("alias.example/witness", w1.publicKey);
    expect(parseCosignerKeys([w1.vkey, alias])).toMatchObject({ ok: false });
    expect(verifyCosignatures(note, [w1.vkey, alias])).toMatchObject({ ok: false, reason: "bad-key" });
    expect(parseCosignerKeys([w1.vkey, w1.vkey])).toMatchObject({ ok: false });
  });

  it("refuses a log key (type 0x01) as a witness key, and a malformed note", () => {
    const logVkey = formatVerifierKey(checkpoint.origin, SIGNATURE_TYPE.ed25519, log.publicKey);
    expect(verifyCosignatures(note, [logVkey])).toMatchObject({ ok: false, reason: "bad-key" });
    expect(verifyCosignatures("nothing\n", [w1.vkey])).toMatchObject({ ok: false, reason: "malformed" });
  });

  it("refuses to sign a text without a final newline or a bad time", () => {
    const input = { name: w1.name, privateKey: w1.privateKey, checkpointText: text, time: 1 };
    expect(() => cosignCheckpoint({ ...input, checkpointText: "x" })).toThrow(TypeError);
    expect(() => cosignCheckpoint({ ...input, time: -1 })).toThrow(TypeError);
    expect(() => cosignCheckpoint({ ...input, time: 1.5 })).toThrow(TypeError);
  });
});
