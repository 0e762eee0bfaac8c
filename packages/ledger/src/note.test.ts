import { sign } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  formatVerifierKey,
  MAX_NOTE_SIGNATURES,
  parseVerifierKey,
  SIGNATURE_TYPE,
  signatureLine,
  splitNote,
  verifyNote,
} from "./note.ts";
import { generateKeyPair } from "./signing.ts";

// The example of c2sp.org/signed-note (signed-note/v1.0.0): a verifier key and a note it signed.
const SPEC_VKEY = "example.com/foo+530d903a+AekyeRrm56hApGFkyQR4ZCbV54Id2LKaANYcrnKv3U2k";
const SPEC_NOTE =
  "This is an example message.\n\n" +
  "\u2014 example.com/foo Uw2QOkn8srV1yJGh2VYRlL1Tnagv1YEq6TfXppzi2ONncAlTgK7Ztg1ERYNZXsYjOBH3mFXmRKuwHjG1Yu72IneyaQM=\n";

function verifierOf(vkey: string) {
  const parsed = parseVerifierKey(vkey);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.verifier;
}

const specVerifier = () => verifierOf(SPEC_VKEY);

/** A note over `text` signed by a fresh Ed25519 key named `name`. */
function signedNote(text: string, name = "log.example/a") {
  const { privateKey, publicKey } = generateKeyPair();
  const vkey = formatVerifierKey(name, SIGNATURE_TYPE.ed25519, publicKey);
  const verifier = verifierOf(vkey);
  const line = signatureLine(name, verifier.keyId, sign(null, Buffer.from(text), privateKey));
  return { note: `${text}\n${line}\n`, vkey, verifier, privateKey };
}

describe("verifier keys", () => {
  it("reads the spec's verifier key and derives its key ID", () => {
    const verifier = specVerifier();
    expect(verifier.keyName).toBe("example.com/foo");
    expect(verifier.keyId.toString("hex")).toBe("530d903a");
    expect(verifier.type).toBe(SIGNATURE_TYPE.ed25519);
    expect(verifier.publicKey).toHaveLength(32);
  });

  it("writes what it reads, for Ed25519 and cosignature keys", () => {
    const { publicKey } = generateKeyPair();
    for (const type of [SIGNATURE_TYPE.ed25519, SIGNATURE_TYPE.cosignatureV1]) {
      const vkey = formatVerifierKey("w.example/x", type, publicKey);
      const parsed = parseVerifierKey(vkey);
      expect(parsed.ok && parsed.verifier.type).toBe(type);
    }
    // The same key has another ID under another type or name.
    expect(formatVerifierKey("a", 0x01, publicKey).split("+")[1]).not.toBe(
      formatVerifierKey("a", 0x04, publicKey).split("+")[1],
    );
  });

  it("refuses a wrong key ID, an unknown type, a bad name or a short key", () => {
    const [name, , key] = SPEC_VKEY.split("+");
    const typed = Buffer.from(key!, "base64");
    const retyped = Buffer.from(typed);
    retyped[0] = 0x02;
    const cases = [
      `${name}+530d903b+${key}`,
      `${name}+530D903A+${key}`,
      `${name}+530d903a+${retyped.toString("base64")}`,
      `example com+530d903a+${key}`,
      `+530d903a+${key}`,
      `${name}+530d903a+${typed.subarray(0, 20).toString("base64")}`,
      `${name}+530d903a`,
      `${name}+530d903a+${key}=`,
    ];
    for (const vkey of cases) expect(parseVerifierKey(vkey).ok, vkey).toBe(false);
    // A name-matching key under type 0x04 has another ID, so the spec's ID does not match it.
    const cosign = Buffer.from(typed);
    cosign[0] = 0x04;
    expect(parseVerifierKey(`${name}+530d903a+${cosign.toString("base64")}`)).toMatchObject({ ok: false });
  });
});

describe("splitNote", () => {
  it("splits at the last blank line and keeps the text's final newline", () => {
    const split = splitNote(SPEC_NOTE);
    expect(split.ok && split.note.text).toBe("This is an example message.\n");
    expect(split.ok && split.note.signatures.map((signature) => signature.keyName)).toEqual([
      "example.com/foo",
    ]);
    const withBlank = "para one\n\npara two\n\n\u2014 k AAAAAAE=\n";
    const second = splitNote(withBlank);
    expect(second.ok && second.note.text).toBe("para one\n\npara two\n");
  });

  it("refuses notes out of shape or out of bounds", () => {
    const line = "\u2014 k AAAAAAE=";
    const cases: [string, string][] = [
      [`text\n${line}\n`, "no blank line"],
      [`text\n\n${line}`, "newline"],
      [`text\n\n${line}\n\n`, "em dash"],
      [`te\tx\n\n${line}\n`, "control"],
      [`te\rx\n\n${line}\n`, "control"],
      [`text\n\n- k AAAAAAE=\n`, "em dash"],
      [`text\n\n\u2014 k+1 AAAAAAE=\n`, "key name"],
      [`text\n\n\u2014 k AAAA\n`, "shorter"],
      [`text\n\n\u2014 k AAAAAAE\n`, "base64"],
      [`text\n\n\u2014 k\n`, "key name and a signature"],
      [`te\uD800x\n\n${line}\n`, "Unicode"],
      [`${"x".repeat(64 * 1024)}\n\n${line}\n`, "larger"],
      [`text\n\n${`${line}\n`.repeat(MAX_NOTE_SIGNATURES + 1)}`, "more than 64"],
    ];
    for (const [note, message] of cases) {
      const split = splitNote(note);
      expect(split.ok, JSON.stringify(note.slice(0, 40))).toBe(false);
      expect(!split.ok && split.message).toContain(message);
    }
    expect(splitNote(`text\n\n${`${line}\n`.repeat(MAX_NOTE_SIGNATURES)}`).ok).toBe(true);
  });
});

describe("verifyNote", () => {
  it("verifies the spec's example note with the spec's key", () => {
    const verification = verifyNote(SPEC_NOTE, [specVerifier()]);
    expect(verification).toMatchObject({ ok: true, text: "This is an example message.\n" });
    expect(verification.ok && verification.verifiedBy.map((verifier) => verifier.keyName)).toEqual([
      "example.com/foo",
    ]);
  });

  it("rejects the spec's note with one changed byte of text or signature", () => {
    expect(
      verifyNote(SPEC_NOTE.replace("example message", "example massage"), [specVerifier()]),
    ).toMatchObject({ ok: false, reason: "bad-signature" });
    const signature = SPEC_NOTE.slice(SPEC_NOTE.lastIndexOf(" ") + 1, -1);
    const bytes = Buffer.from(signature, "base64");
    bytes[10]! ^= 0x01;
    const tampered = SPEC_NOTE.replace(signature, bytes.toString("base64"));
    expect(verifyNote(tampered, [specVerifier()])).toMatchObject({ ok: false, reason: "bad-signature" });
  });

  it("ignores signatures by unknown keys and rejects a note no known key signed", () => {
    const other = signedNote("This is an example message.\n", "other.example/b");
    expect(verifyNote(SPEC_NOTE, [other.verifier])).toMatchObject({
      ok: false,
      reason: "no-known-signature",
    });
    // Both lines on one note: each verifier accepts it and ignores the other's line.
    const both = `${SPEC_NOTE}${other.note.split("\n\n")[1]}`;
    expect(verifyNote(both, [specVerifier()]).ok).toBe(true);
    expect(verifyNote(both, [other.verifier]).ok).toBe(true);
    const verified = verifyNote(both, [specVerifier(), other.verifier]);
    expect(verified.ok && verified.verifiedBy).toHaveLength(2);
  });

  it("matches signatures by name and key ID, not by name alone", () => {
    // Same name, another key: its ID differs, so the spec's signature is ignored, not failed.
    const impostor = signedNote("x\n", "example.com/foo");
    expect(verifyNote(SPEC_NOTE, [impostor.verifier])).toMatchObject({
      ok: false,
      reason: "no-known-signature",
    });
  });

  it("rejects a note with a failing known signature even when another verifies", () => {
    const good = signedNote("checkpoint\n");
    const forged = `${good.note}${signatureLine(good.verifier.keyName, good.verifier.keyId, Buffer.alloc(64, 7))}\n`;
    expect(verifyNote(forged, [good.verifier])).toMatchObject({ ok: false, reason: "bad-signature" });
  });

  it("reports a malformed note as such", () => {
    expect(verifyNote("no signatures\n", [specVerifier()])).toMatchObject({ ok: false, reason: "malformed" });
  });
});
