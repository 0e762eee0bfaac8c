// C2SP tlog-cosignature/v1 with Ed25519 (signature type 0x04): a witness's statement that, as of
// a time, the checkpoint is the largest consistent tree it has seen for the log. The signed
// message does not name the cosigner, so every cosigner needs a key of its own.
import { type KeyObject, sign } from "node:crypto";
import {
  COSIGNATURE_BYTES,
  cosignatureTime,
  cosignedMessage,
  formatVerifierKey,
  keyIdOf,
  type NoteVerifier,
  parseVerifierKey,
  SIGNATURE_TYPE,
  signatureLine,
  splitNote,
} from "./note.ts";
import { publicKeyOf, rawPublicKey } from "./signing.ts";

// u64 on the wire, and the spec caps it at 2^63 - 1; a JavaScript number is exact up to 2^53 - 1.
const MAX_TIME = Number.MAX_SAFE_INTEGER;

/** The cosigner's verifier key `<name>+<key ID>+<base64(0x04 ‖ public key)>`, to publish. */
export function cosignerVerifierKey(name: string, publicKey: KeyObject): string {
  return formatVerifierKey(name, SIGNATURE_TYPE.cosignatureV1, publicKey);
}

/** SHA-256(name ‖ 0x0A ‖ 0x04 ‖ public key)[:4]. */
export function cosignerKeyId(name: string, publicKey: KeyObject): Buffer {
  return keyIdOf(name, SIGNATURE_TYPE.cosignatureV1, rawPublicKey(publicKey));
}

export interface CosignInput {
  /** The cosigner's key name (e.g. `witness.example.com/w1`). */
  readonly name: string;
  readonly privateKey: KeyObject;
  /** The checkpoint's note text: every line before the signatures, its final newline included. */
  readonly checkpointText: string;
  /** POSIX seconds. */
  readonly time: number;
}

/**
 * The cosignature line `— <name> base64(key ID ‖ u64 time ‖ signature)` (no newline).
 * @throws TypeError for a text without a final newline or a time outside 0..2^53-1 (programmer errors).
 */
export function cosignCheckpoint(input: CosignInput): string {
  if (!input.checkpointText.endsWith("\n")) throw new TypeError("checkpoint text must end with a newline");
  if (!Number.isSafeInteger(input.time) || input.time < 0 || input.time > MAX_TIME)
    throw new TypeError(`invalid cosignature time ${input.time}`);
  const signature = sign(null, cosignedMessage(input.checkpointText, input.time), input.privateKey);
  const time = Buffer.alloc(8);
  time.writeBigUInt64BE(BigInt(input.time));
  const keyId = cosignerKeyId(input.name, publicKeyOf(input.privateKey));
  return signatureLine(input.name, keyId, Buffer.concat([time, signature]));
}

export interface Cosigner {
  readonly name: string;
  /** The cosigner's verifier key as given. */
  readonly vkey: string;
}

export interface Vouch extends Cosigner {
  /** POSIX seconds of the cosignature. */
  readonly time: number;
}

export interface FailedCosignature extends Cosigner {
  readonly line: string;
  readonly message: string;
}

export type CosignatureVerification =
  | {
      readonly ok: true;
      /** Each witness whose cosignature verifies, once (its newest time). */
      readonly vouching: readonly Vouch[];
      /** Lines by a known witness (name and key ID) that do not verify. */
      readonly failed: readonly FailedCosignature[];
    }
  | { readonly ok: false; readonly reason: "malformed" | "bad-key"; readonly message: string };

/** Parses witness verifier keys: each must be a cosignature/v1 key, each name and key distinct. */
export function parseCosignerKeys(
  vkeys: readonly string[],
): { ok: true; verifiers: NoteVerifier[] } | { ok: false; message: string } {
  const verifiers: NoteVerifier[] = [];
  for (const vkey of vkeys) {
    const parsed = parseVerifierKey(vkey);
    if (!parsed.ok) return { ok: false, message: `witness key ${JSON.stringify(vkey)}: ${parsed.message}` };
    const { verifier } = parsed;
    if (verifier.type !== SIGNATURE_TYPE.cosignatureV1)
      return { ok: false, message: `witness key ${verifier.keyName} is not a cosignature/v1 (0x04) key` };
    // One key under two names would count one witness twice: the message does not name the cosigner.
    const twin = verifiers.find(
      (known) => known.keyName === verifier.keyName || known.publicKey.equals(verifier.publicKey),
    );
    if (twin !== undefined)
      return { ok: false, message: `witness keys ${twin.keyName} and ${verifier.keyName} are not distinct` };
    verifiers.push(verifier);
  }
  return { ok: true, verifiers };
}

/**
 * Which of the witnesses `witnessVkeys` cosigned the checkpoint `note`, and which of their lines
 * fail. Lines by other keys (the log's own signature, unknown witnesses) are ignored. The log's
 * signature is not checked here: that is {@link verifyCheckpoint}'s job.
 */
export function verifyCosignatures(note: string, witnessVkeys: readonly string[]): CosignatureVerification {
  const keys = parseCosignerKeys(witnessVkeys);
  if (!keys.ok) return { ok: false, reason: "bad-key", message: keys.message };
  const split = splitNote(note);
  if (!split.ok) return { ok: false, reason: "malformed", message: split.message };
  const { text, signatures } = split.note;
  const vouching = new Map<NoteVerifier, number>();
  const failed: FailedCosignature[] = [];
  for (const signature of signatures) {
    const verifier = keys.verifiers.find(
      (candidate) => candidate.keyName === signature.keyName && candidate.keyId.equals(signature.keyId),
    );
    if (verifier === undefined) continue;
    const vkey = witnessVkeys[keys.verifiers.indexOf(verifier)]!.trim();
    if (signature.signature.length !== COSIGNATURE_BYTES) {
      failed.push({
        name: verifier.keyName,
        vkey,
        line: signature.line,
        message: "is not 76 bytes (key ID, time, signature)",
      });
    } else if (!verifier.verify(text, signature.signature)) {
      failed.push({ name: verifier.keyName, vkey, line: signature.line, message: "does not verify" });
    } else {
      const time = cosignatureTime(signature.signature)!;
      vouching.set(verifier, Math.max(time, vouching.get(verifier) ?? 0));
    }
  }
  return {
    ok: true,
    vouching: [...vouching].map(([verifier, time]) => ({
      name: verifier.keyName,
      vkey: witnessVkeys[keys.verifiers.indexOf(verifier)]!.trim(),
      time,
    })),
    failed,
  };
}
