// C2SP signed notes (c2sp.org/signed-note): splitting a note into its text and signature lines,
// verifier keys `<name>+<hex key ID>+<base64(type ‖ key)>`, and the verifier rules. Checkpoints,
// cosignatures and the witness build on it. Bounded, because notes arrive from the network.
import { createHash, createPublicKey, type KeyObject, verify } from "node:crypto";
import { decodeCanonicalBase64 } from "./hash.ts";
import { rawPublicKey } from "./signing.ts";

/** Largest note we read, in UTF-8 bytes. */
export const MAX_NOTE_BYTES = 64 * 1024;
/** Most signature lines we read (the spec asks verifiers to accept at least 16). */
export const MAX_NOTE_SIGNATURES = 64;

/** Signature types of the signed-note registry that Rampart reads. */
export const SIGNATURE_TYPE = {
  /** Ed25519 over the note text. */
  ed25519: 0x01,
  /** tlog-cosignature/v1: timestamped Ed25519 over `cosignature/v1\ntime <t>\n` ‖ text. */
  cosignatureV1: 0x04,
} as const;

export type SignatureType = (typeof SIGNATURE_TYPE)[keyof typeof SIGNATURE_TYPE];

const SIGNATURE_LINE_PREFIX = "\u2014 ";
// Non-empty, no Unicode space, no `+` (it separates the parts of a verifier key).
const KEY_NAME = /^[^\s+]+$/u;
const ED25519_PUBLIC_KEY_BYTES = 32;
const SPKI_ED25519_PREFIX = Buffer.from("302a300506032b6570032100", "hex");

export interface NoteSignature {
  readonly keyName: string;
  /** The first 4 bytes of the signature: which key made it. */
  readonly keyId: Buffer;
  /** The rest: what the key type defines (a bare Ed25519 signature for type 0x01). */
  readonly signature: Buffer;
  /** The line as it appears in the note, without its newline. */
  readonly line: string;
}

export interface SplitNote {
  /** The signed text: everything up to the last blank line, its final newline included. */
  readonly text: string;
  readonly signatures: readonly NoteSignature[];
}

export type SplitResult = { ok: true; note: SplitNote } | { ok: false; message: string };

export function isKeyName(name: string): boolean {
  return KEY_NAME.test(name);
}

/** The signature line `— <name> <base64(key ID ‖ signature)>` (without a newline). */
export function signatureLine(keyName: string, keyId: Uint8Array, signature: Uint8Array): string {
  return `${SIGNATURE_LINE_PREFIX}${keyName} ${Buffer.concat([keyId, signature]).toString("base64")}`;
}

function parseSignatureLine(line: string): NoteSignature | string {
  if (!line.startsWith(SIGNATURE_LINE_PREFIX))
    return "a signature line must start with an em dash and a space";
  const rest = line.slice(SIGNATURE_LINE_PREFIX.length);
  const space = rest.indexOf(" ");
  if (space < 0) return "a signature line needs a key name and a signature";
  const keyName = rest.slice(0, space);
  if (!isKeyName(keyName)) return "a key name must be non-empty, without spaces or '+'";
  const bytes = decodeCanonicalBase64(rest.slice(space + 1));
  if (bytes === undefined) return "a signature is not canonical base64";
  if (bytes.length < 5) return "a signature is shorter than its key ID";
  return { keyName, keyId: bytes.subarray(0, 4), signature: bytes.subarray(4), line };
}

/**
 * Why `note` has no UTF-8 form the spec allows: an ASCII control character other than the newline,
 * or a lone surrogate (a JavaScript string that is not Unicode); `undefined` if it has none.
 */
function characterProblem(note: string): string | undefined {
  for (let i = 0; i < note.length; i++) {
    const code = note.charCodeAt(i);
    if (code < 0x20 && code !== 0x0a) return "the note holds a control character";
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = note.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return "the note is not valid Unicode";
      i++;
    } else if (code >= 0xdc00 && code <= 0xdfff) {
      return "the note is not valid Unicode";
    }
  }
  return undefined;
}

/** Splits a signed note into its text and signature lines, checking the layout and the bounds. */
export function splitNote(note: string): SplitResult {
  if (Buffer.byteLength(note, "utf8") > MAX_NOTE_BYTES)
    return { ok: false, message: `the note is larger than ${MAX_NOTE_BYTES} bytes` };
  const problem = characterProblem(note);
  if (problem !== undefined) return { ok: false, message: problem };
  if (!note.endsWith("\n")) return { ok: false, message: "the note does not end with a newline" };
  const blank = note.lastIndexOf("\n\n");
  if (blank < 0) return { ok: false, message: "the note has no blank line before its signatures" };
  const text = note.slice(0, blank + 1);
  const lines = note.slice(blank + 2, -1).split("\n");
  if (lines.length > MAX_NOTE_SIGNATURES)
    return { ok: false, message: `the note has more than ${MAX_NOTE_SIGNATURES} signatures` };
  const signatures: NoteSignature[] = [];
  for (const line of lines) {
    const parsed = parseSignatureLine(line);
    if (typeof parsed === "string") return { ok: false, message: parsed };
    signatures.push(parsed);
  }
  return { ok: true, note: { text, signatures } };
}

/** A known key: the name and key ID a signature must carry, and how to check it. */
export interface NoteVerifier {
  readonly keyName: string;
  readonly keyId: Buffer;
  readonly type: SignatureType;
  /** The bare 32-byte Ed25519 public key. */
  readonly publicKey: Buffer;
  /** Does `signature` (the bytes after the key ID) sign `text` under this key's rules? */
  verify(text: string, signature: Uint8Array): boolean;
}

/** SHA-256(name ‖ 0x0A ‖ type ‖ public key)[:4]: the key ID of Ed25519 and cosignature keys. */
export function keyIdOf(keyName: string, type: SignatureType, publicKey: Uint8Array): Buffer {
  return createHash("sha256")
    .update(`${keyName}\n`)
    .update(Buffer.from([type]))
    .update(publicKey)
    .digest()
    .subarray(0, 4);
}

/** The verifier key text of a public key under `keyName` for signatures of `type`. */
export function formatVerifierKey(keyName: string, type: SignatureType, publicKey: KeyObject): string {
  if (!isKeyName(keyName)) throw new TypeError(`invalid key name ${JSON.stringify(keyName)}`);
  const raw = rawPublicKey(publicKey);
  const typed = Buffer.concat([Buffer.from([type]), raw]);
  return `${keyName}+${keyIdOf(keyName, type, raw).toString("hex")}+${typed.toString("base64")}`;
}

export function ed25519PublicKey(raw: Uint8Array): KeyObject {
  return createPublicKey({ key: Buffer.concat([SPKI_ED25519_PREFIX, raw]), format: "der", type: "spki" });
}

function verifyEd25519(publicKey: KeyObject, message: Uint8Array, signature: Uint8Array): boolean {
  if (signature.length !== 64) return false;
  try {
    return verify(null, message, publicKey, signature);
  } catch {
    return false;
  }
}

/** Bytes of a cosignature/v1 signature after the key ID: u64 time ‖ 64-byte Ed25519 signature. */
export const COSIGNATURE_BYTES = 8 + 64;

/** What a cosignature/v1 signs: `cosignature/v1\ntime <t>\n` followed by the checkpoint text. */
export function cosignedMessage(text: string, time: number): Buffer {
  return Buffer.from(`cosignature/v1\ntime ${time}\n${text}`, "utf8");
}

/** The time of a cosignature/v1 signature (POSIX seconds), or undefined if it is not one. */
export function cosignatureTime(signature: Uint8Array): number | undefined {
  if (signature.length !== COSIGNATURE_BYTES) return undefined;
  const time = Buffer.from(signature).readBigUInt64BE(0);
  return time <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(time) : undefined;
}

// How each supported type checks the bytes after the key ID.
const CHECKS: Record<SignatureType, (key: KeyObject, text: string, signature: Uint8Array) => boolean> = {
  [SIGNATURE_TYPE.ed25519]: (key, text, signature) =>
    verifyEd25519(key, Buffer.from(text, "utf8"), signature),
  [SIGNATURE_TYPE.cosignatureV1]: (key, text, signature) => {
    const time = cosignatureTime(signature);
    return time !== undefined && verifyEd25519(key, cosignedMessage(text, time), signature.subarray(8));
  },
};

export type VerifierKeyResult = { ok: true; verifier: NoteVerifier } | { ok: false; message: string };

/**
 * Reads a verifier key `<name>+<8 hex digits>+<base64(type ‖ public key)>` of type 0x01 (Ed25519)
 * or 0x04 (Ed25519 cosignature/v1). The key ID must be the one the spec derives for the key.
 */
export function parseVerifierKey(vkey: string): VerifierKeyResult {
  const text = vkey.trim();
  if (text.length > 256) return { ok: false, message: "a verifier key is at most 256 characters" };
  const first = text.indexOf("+");
  const second = text.indexOf("+", first + 1);
  if (first < 0 || second < 0)
    return { ok: false, message: "a verifier key is <name>+<key ID>+<base64 key>" };
  const keyName = text.slice(0, first);
  const idHex = text.slice(first + 1, second);
  if (!isKeyName(keyName)) return { ok: false, message: "the key name must be non-empty, without spaces" };
  if (!/^[0-9a-f]{8}$/.test(idHex))
    return { ok: false, message: "the key ID must be 8 lowercase hex digits" };
  const typed = decodeCanonicalBase64(text.slice(second + 1));
  if (typed === undefined || typed.length < 1) return { ok: false, message: "the key is not base64" };
  const type = typed[0]!;
  if (type !== SIGNATURE_TYPE.ed25519 && type !== SIGNATURE_TYPE.cosignatureV1) {
    return { ok: false, message: `signature type 0x${type.toString(16).padStart(2, "0")} is not supported` };
  }
  const raw = typed.subarray(1);
  if (raw.length !== ED25519_PUBLIC_KEY_BYTES) return { ok: false, message: "an Ed25519 key is 32 bytes" };
  const keyId = keyIdOf(keyName, type, raw);
  if (keyId.toString("hex") !== idHex)
    return { ok: false, message: "the key ID does not match the key and name" };
  let publicKey: KeyObject;
  try {
    publicKey = ed25519PublicKey(raw);
  } catch {
    return { ok: false, message: "the key is not a valid Ed25519 public key" };
  }
  const check = CHECKS[type];
  return {
    ok: true,
    verifier: {
      keyName,
      keyId,
      type,
      publicKey: Buffer.from(raw),
      verify: (noteText, signature) => check(publicKey, noteText, signature),
    },
  };
}

export type NoteFailure =
  /** Not a signed note within the bounds. */
  | "malformed"
  /** A signature by a known key (name and key ID) does not verify. */
  | "bad-signature"
  /** No signature is by a known key. */
  | "no-known-signature";

export type NoteVerification =
  | {
      readonly ok: true;
      readonly text: string;
      /** The known keys whose signatures verified, in the order they sign. */
      readonly verifiedBy: readonly NoteVerifier[];
    }
  | { readonly ok: false; readonly reason: NoteFailure; readonly message: string };

function matches(verifier: NoteVerifier, signature: NoteSignature): boolean {
  return verifier.keyName === signature.keyName && verifier.keyId.equals(signature.keyId);
}

/**
 * The spec's verifier rules: signatures by unknown keys (name and key ID) are ignored, the note is
 * rejected if a signature by a known key fails, and rejected if no known key signed it.
 */
export function verifyNote(note: string, verifiers: readonly NoteVerifier[]): NoteVerification {
  const split = splitNote(note);
  if (!split.ok) return { ok: false, reason: "malformed", message: split.message };
  const { text, signatures } = split.note;
  const verifiedBy: NoteVerifier[] = [];
  for (const signature of signatures) {
    const verifier = verifiers.find((candidate) => matches(candidate, signature));
    if (verifier === undefined) continue;
    if (!verifier.verify(text, signature.signature)) {
      return {
        ok: false,
        reason: "bad-signature",
        message: `the signature of ${signature.keyName} (key ${signature.keyId.toString("hex")}) does not verify`,
      };
    }
    if (!verifiedBy.includes(verifier)) verifiedBy.push(verifier);
  }
  if (verifiedBy.length === 0)
    return { ok: false, reason: "no-known-signature", message: "no signature by a known key" };
  return { ok: true, text, verifiedBy };
}
