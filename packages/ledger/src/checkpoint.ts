// Signed checkpoints of a tenant's ledger in the C2SP formats (tlog-checkpoint inside a signed
// note), so that standard transparency-log tooling can read and check them too.
//
//   <origin>\n                          e.g. rampart.example.com/ledger/acme
//   <tree size, decimal>\n
//   <base64 of the 32-byte Merkle root>\n
//   timestamp <RFC 3339 UTC>\n          an extension line (ours); tlog-checkpoint allows them
//   audit-log <hex SHA-256>\n             optional extension: the export's audit log section
//   \n
//   — <key name> <base64(key ID ‖ Ed25519 signature)>\n
//
// The signature is over the body: every byte before the blank line, final newline included.
// The key name is the origin; the key ID is the first 4 bytes of
// SHA-256(key name ‖ 0x0A ‖ 0x01 ‖ 32-byte public key) (C2SP signed-note, Ed25519).
import { createHash, type KeyObject, verify } from "node:crypto";
import { decodeCanonicalBase64, isSha256Hex } from "./hash.ts";
import { splitNote } from "./note.ts";
import type { Signer } from "./signer.ts";
import { rawPublicKey } from "./signing.ts";

export interface Checkpoint {
  /** The log's identity: a schema-less URL naming the instance and tenant; no spaces, no `+`. */
  readonly origin: string;
  readonly treeSize: number;
  /** Merkle root (RFC 9162) of the chain's entry hashes, lowercase hex. */
  readonly rootHash: string;
  /** RFC 3339 UTC, e.g. `2026-11-22T10:00:00Z`. */
  readonly timestamp: string;
  /**
   * SHA-256 (hex) of the audit log section an export carries beside the chain, so that the
   * signature covers it too (see audit-log.ts). Absent from checkpoints cut without one.
   */
  readonly auditLogHash?: string;
}

export type CheckpointFailure =
  /** Not a signed note, or the body is not a checkpoint. */
  | "malformed"
  /** No signature line from the key (by name and key ID). */
  | "no-signature"
  /** A signature line from the key that does not verify. */
  | "bad-signature"
  /** Verified, but for another origin than the one expected. */
  | "origin-mismatch";

export type CheckpointVerification =
  | { readonly ok: true; readonly checkpoint: Checkpoint }
  | { readonly ok: false; readonly reason: CheckpointFailure; readonly message: string };

const SIGNATURE_PREFIX = "\u2014 ";
const ORIGIN = /^[\x21-\x2a\x2c-\x7e]+$/;
const RFC3339_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?Z$/;
const ED25519_SIGNATURE_TYPE = 0x01;

/** Why `checkpoint` cannot be written, or `undefined` if it can. */
export function checkpointProblem(checkpoint: Checkpoint): string | undefined {
  if (!ORIGIN.test(checkpoint.origin)) return "origin must be printable ASCII without spaces or '+'";
  if (!Number.isSafeInteger(checkpoint.treeSize) || checkpoint.treeSize < 0)
    return "treeSize must be a whole number";
  if (!isSha256Hex(checkpoint.rootHash)) return "rootHash must be a lowercase hex SHA-256";
  if (!RFC3339_UTC.test(checkpoint.timestamp) || Number.isNaN(Date.parse(checkpoint.timestamp))) {
    return "timestamp must be RFC 3339 in UTC (…Z)";
  }
  if (checkpoint.auditLogHash !== undefined && !isSha256Hex(checkpoint.auditLogHash))
    return "auditLogHash must be a lowercase hex SHA-256";
  return undefined;
}

/** The note body that is signed. @throws TypeError for an invalid checkpoint (a programmer error). */
export function checkpointBody(checkpoint: Checkpoint): string {
  const problem = checkpointProblem(checkpoint);
  if (problem !== undefined) throw new TypeError(`invalid checkpoint: ${problem}`);
  const root = Buffer.from(checkpoint.rootHash, "hex").toString("base64");
  const auditLog = checkpoint.auditLogHash === undefined ? "" : `audit-log ${checkpoint.auditLogHash}\n`;
  return `${checkpoint.origin}\n${checkpoint.treeSize}\n${root}\ntimestamp ${checkpoint.timestamp}\n${auditLog}`;
}

/** The signed-note key ID of an Ed25519 key under `keyName`: 4 bytes. */
export function noteKeyId(keyName: string, publicKey: KeyObject): Buffer {
  return createHash("sha256")
    .update(`${keyName}\n`)
    .update(Buffer.from([ED25519_SIGNATURE_TYPE]))
    .update(rawPublicKey(publicKey))
    .digest()
    .subarray(0, 4);
}

/** The C2SP verifier key, `<name>+<hex key ID>+<base64(0x01 ‖ public key)>`, for publishing. */
export function verifierKey(keyName: string, publicKey: KeyObject): string {
  const key = Buffer.concat([Buffer.from([ED25519_SIGNATURE_TYPE]), rawPublicKey(publicKey)]);
  return `${keyName}+${noteKeyId(keyName, publicKey).toString("hex")}+${key.toString("base64")}`;
}

/** The signed note of `checkpoint`, signed with Ed25519 under the key name `checkpoint.origin`. */
export async function signCheckpoint(checkpoint: Checkpoint, signer: Signer): Promise<string> {
  const body = checkpointBody(checkpoint);
  const signature = await signer.sign(Buffer.from(body, "utf8"));
  const keyId = noteKeyId(checkpoint.origin, signer.publicKey);
  return `${body}\n${SIGNATURE_PREFIX}${checkpoint.origin} ${Buffer.concat([keyId, signature]).toString("base64")}\n`;
}

interface ParsedNote {
  readonly body: string;
  readonly checkpoint: Checkpoint;
  readonly signatures: readonly { readonly keyName: string; readonly keyIdAndSignature: Buffer }[];
}

type ParseResult = { ok: true; note: ParsedNote } | { ok: false; message: string };

/** Reads a signed checkpoint note without checking its signature. */
export function parseCheckpoint(
  note: string,
): { ok: true; checkpoint: Checkpoint } | { ok: false; message: string } {
  const parsed = parseNote(note);
  return parsed.ok ? { ok: true, checkpoint: parsed.note.checkpoint } : parsed;
}

function parseNote(note: string): ParseResult {
  const split = splitNote(note);
  if (!split.ok) return { ok: false, message: `not a signed note: ${split.message}` };
  const body = split.note.text;
  const lines = body.slice(0, -1).split("\n");
  const [origin, sizeText, rootText, ...extensions] = lines;
  if (origin === undefined || sizeText === undefined || rootText === undefined) {
    return { ok: false, message: "checkpoint body has fewer than three lines" };
  }
  if (!/^(0|[1-9][0-9]*)$/.test(sizeText)) return { ok: false, message: "tree size is not a decimal number" };
  const root = decodeCanonicalBase64(rootText);
  if (root === undefined || root.length !== 32)
    return { ok: false, message: "root hash is not 32 bytes of base64" };
  const timestamps = extensions.filter((line) => line.startsWith("timestamp "));
  if (timestamps.length !== 1) return { ok: false, message: "checkpoint needs exactly one timestamp line" };
  const auditLogs = extensions.filter((line) => line.startsWith("audit-log "));
  if (auditLogs.length > 1) return { ok: false, message: "checkpoint has more than one audit-log line" };
  const checkpoint: Checkpoint = {
    origin,
    treeSize: Number(sizeText),
    rootHash: root.toString("hex"),
    timestamp: timestamps[0]!.slice("timestamp ".length),
    ...(auditLogs[0] === undefined ? {} : { auditLogHash: auditLogs[0].slice("audit-log ".length) }),
  };
  const problem = checkpointProblem(checkpoint);
  if (problem !== undefined) return { ok: false, message: problem };
  if (checkpointBody(checkpoint) !== body)
    return { ok: false, message: "checkpoint body is not in canonical form" };

  const signatures = split.note.signatures.map((signature) => ({
    keyName: signature.keyName,
    keyIdAndSignature: Buffer.concat([signature.keyId, signature.signature]),
  }));
  return { ok: true, note: { body, checkpoint, signatures } };
}

/**
 * Checks that `note` is a checkpoint signed by `publicKey` under the key name of its own origin
 * (and, if given, that the origin is `expectedOrigin`). Signatures by other keys are ignored, as the
 * signed-note spec requires.
 */
export function verifyCheckpoint(
  note: string,
  publicKey: KeyObject,
  expectedOrigin?: string,
): CheckpointVerification {
  const parsed = parseNote(note);
  if (!parsed.ok) return { ok: false, reason: "malformed", message: parsed.message };
  const { body, checkpoint, signatures } = parsed.note;
  const keyId = noteKeyId(checkpoint.origin, publicKey);
  const ours = signatures.filter(
    (entry) => entry.keyName === checkpoint.origin && entry.keyIdAndSignature.subarray(0, 4).equals(keyId),
  );
  if (ours.length === 0) {
    return { ok: false, reason: "no-signature", message: `no signature by key ${keyId.toString("hex")}` };
  }
  const valid = ours.some((entry) => {
    try {
      return verify(null, Buffer.from(body, "utf8"), publicKey, entry.keyIdAndSignature.subarray(4));
    } catch {
      return false;
    }
  });
  if (!valid)
    return { ok: false, reason: "bad-signature", message: "the checkpoint signature does not verify" };
  if (expectedOrigin !== undefined && checkpoint.origin !== expectedOrigin) {
    return {
      ok: false,
      reason: "origin-mismatch",
      message: `origin is ${checkpoint.origin}, expected ${expectedOrigin}`,
    };
  }
  return { ok: true, checkpoint };
}
