// Key rotation statements: when the instance moves to a new signing key it publishes the new key,
// signed by the old key AND by the new one (a DSSE envelope with both signatures), so that an
// auditor who pinned either key can follow the chain to the other and old exports keep verifying.
import type { KeyObject } from "node:crypto";
import { z } from "zod";
import { canonicalize } from "./canonical-json.ts";
import { type DsseEnvelope, signEnvelope, verifyEnvelope } from "./dsse.ts";
import type { Signer } from "./signer.ts";
import { exportPublicKeyBase64, importPublicKey, keyFingerprint } from "./signing.ts";

export const KEY_ROTATION_FORMAT = "rampart-key-rotation";
export const KEY_ROTATION_PAYLOAD_TYPE = "application/vnd.rampart.key-rotation+json";
/** More rotations than this in one history is not a history an instance writes. */
export const MAX_KEY_HISTORY = 256;

const RFC3339_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?Z$/;

const PublishedKeySchema = z.strictObject({
  algorithm: z.literal("Ed25519"),
  /** base64 of the SPKI DER. */
  spki: z.string().max(200),
  /** SHA-256 of the SPKI DER, hex. */
  fingerprint: z.string().max(64),
});

export const KeyRotationSchema = z.strictObject({
  format: z.literal(KEY_ROTATION_FORMAT),
  version: z.literal(1),
  /** The instance (its ledger origin) whose key rotated. */
  origin: z.string().max(500),
  previous: PublishedKeySchema,
  next: PublishedKeySchema,
  /** RFC 3339 UTC: from this time the next key signs and the previous one no longer does. */
  rotatedAt: z.string().regex(RFC3339_UTC),
});
export type KeyRotation = z.infer<typeof KeyRotationSchema>;

/** The shape of a signed rotation statement as exports and the public-key endpoint carry it. */
export const KeyRotationEnvelopeSchema = z.strictObject({
  payload: z.string().max(4096),
  payloadType: z.string().max(200),
  signatures: z
    .array(z.strictObject({ keyid: z.string().max(200).optional(), sig: z.string().max(200) }))
    .max(8),
});
export const KeyHistorySchema = z.array(KeyRotationEnvelopeSchema).max(MAX_KEY_HISTORY);

const publishedKey = (key: KeyObject) => ({
  algorithm: "Ed25519" as const,
  spki: exportPublicKeyBase64(key),
  fingerprint: keyFingerprint(key),
});

/** The statement that `next` follows `previous` from `rotatedAt` (RFC 3339 UTC). */
export function keyRotationStatement(input: {
  readonly origin: string;
  readonly previous: KeyObject;
  readonly next: KeyObject;
  readonly rotatedAt: string;
}): KeyRotation {
  return {
    format: KEY_ROTATION_FORMAT,
    version: 1,
    origin: input.origin,
    previous: publishedKey(input.previous),
    next: publishedKey(input.next),
    rotatedAt: input.rotatedAt,
  };
}

/**
 * The statement in a DSSE envelope signed by both keys, the previous one first.
 * @throws TypeError when a signer's key is not the statement's (a programmer error).
 */
export async function signKeyRotation(
  rotation: KeyRotation,
  previous: Signer,
  next: Signer,
): Promise<DsseEnvelope> {
  if (keyFingerprint(previous.publicKey) !== rotation.previous.fingerprint)
    throw new TypeError("the previous signer is not the statement's previous key");
  if (keyFingerprint(next.publicKey) !== rotation.next.fingerprint)
    throw new TypeError("the next signer is not the statement's next key");
  const payload = canonicalize(rotation);
  const byPrevious = await signEnvelope(KEY_ROTATION_PAYLOAD_TYPE, payload, previous);
  const byNext = await signEnvelope(KEY_ROTATION_PAYLOAD_TYPE, payload, next);
  return { ...byPrevious, signatures: [...byPrevious.signatures, ...byNext.signatures] };
}

export interface VerifiedRotation {
  readonly rotation: KeyRotation;
  readonly previousKey: KeyObject;
  readonly nextKey: KeyObject;
}

export type RotationVerification = ({ ok: true } & VerifiedRotation) | { ok: false; message: string };

function keyOf(published: KeyRotation["previous"]): KeyObject | undefined {
  const imported = importPublicKey(published.spki);
  if (!imported.ok) return undefined;
  // Only the exact encoding counts: the fingerprint names these bytes.
  if (exportPublicKeyBase64(imported.key) !== published.spki) return undefined;
  return keyFingerprint(imported.key) === published.fingerprint ? imported.key : undefined;
}

/** Checks a rotation statement (untrusted input): well formed, and signed by both of its keys. */
export function verifyKeyRotation(envelope: unknown): RotationVerification {
  const shape = KeyRotationEnvelopeSchema.safeParse(envelope);
  if (!shape.success || shape.data.payloadType !== KEY_ROTATION_PAYLOAD_TYPE)
    return { ok: false, message: "not a key rotation envelope" };
  let statement: unknown;
  try {
    statement = JSON.parse(Buffer.from(shape.data.payload, "base64").toString("utf8"));
  } catch {
    return { ok: false, message: "the rotation payload is not JSON" };
  }
  const parsed = KeyRotationSchema.safeParse(statement);
  if (!parsed.success) return { ok: false, message: "the rotation payload is not a key rotation statement" };
  const rotation = parsed.data;
  if (Number.isNaN(Date.parse(rotation.rotatedAt))) return { ok: false, message: "rotatedAt is not a time" };
  const previousKey = keyOf(rotation.previous);
  const nextKey = keyOf(rotation.next);
  if (!previousKey || !nextKey)
    return { ok: false, message: "a key in the rotation does not match its fingerprint" };
  if (rotation.previous.fingerprint === rotation.next.fingerprint)
    return { ok: false, message: "the rotation names the same key twice" };
  const verified = verifyEnvelope(
    shape.data,
    [
      { keyid: "previous", publicKey: previousKey },
      { keyid: "next", publicKey: nextKey },
    ],
    { threshold: 2 },
  );
  if (!verified.ok) {
    return {
      ok: false,
      message: `rotation ${rotation.previous.fingerprint.slice(0, 16)}… → ${rotation.next.fingerprint.slice(0, 16)}… is not signed by both keys`,
    };
  }
  return { ok: true, rotation, previousKey, nextKey };
}

export type KeyLink =
  | {
      ok: true;
      /** The rotations between the two keys, oldest first. */
      readonly rotations: readonly KeyRotation[];
    }
  | { ok: false; message: string };

type RotationGraph =
  | {
      ok: true;
      readonly byPrevious: ReadonlyMap<string, VerifiedRotation>;
      readonly byNext: ReadonlyMap<string, VerifiedRotation>;
    }
  | { ok: false; message: string };

/** The verified statements indexed by the key each retires and introduces; a fork is refused. */
function rotationGraph(history: readonly unknown[]): RotationGraph {
  if (history.length > MAX_KEY_HISTORY) return { ok: false, message: "the key history is too long" };
  const byPrevious = new Map<string, VerifiedRotation>();
  const byNext = new Map<string, VerifiedRotation>();
  for (const envelope of history) {
    const verified = verifyKeyRotation(envelope);
    if (!verified.ok) return { ok: false, message: verified.message };
    const { previous, next } = verified.rotation;
    const known = byPrevious.get(previous.fingerprint);
    if (known && known.rotation.next.fingerprint !== next.fingerprint)
      return { ok: false, message: `key ${previous.fingerprint} was rotated to two different keys` };
    const introduced = byNext.get(next.fingerprint);
    if (introduced && introduced.rotation.previous.fingerprint !== previous.fingerprint)
      return { ok: false, message: `key ${next.fingerprint} was introduced twice` };
    byPrevious.set(previous.fingerprint, verified);
    byNext.set(next.fingerprint, verified);
  }
  return { ok: true, byPrevious, byNext };
}

/** The rotations from `from` forwards to `to`, or undefined when the history does not lead there. */
function walk(byPrevious: ReadonlyMap<string, VerifiedRotation>, from: string, to: string) {
  const steps: VerifiedRotation[] = [];
  for (let at = from; at !== to; ) {
    const step = byPrevious.get(at);
    if (!step || steps.length > byPrevious.size) return undefined;
    steps.push(step);
    at = step.rotation.next.fingerprint;
  }
  return steps;
}

/**
 * Follows verified rotation statements from the key an auditor trusts to the key that signed
 * (forwards, when the trusted key is older, or backwards, when it is newer), and checks that the
 * signing key was in service at `signedAt`: not before its rotation in, not after its rotation out.
 * A history in which a key was rotated out or in twice is refused as forked.
 */
export function linkKeys(
  history: readonly unknown[],
  trustedFingerprint: string,
  signingFingerprint: string,
  signedAt?: string,
): KeyLink {
  const graph = rotationGraph(history);
  if (!graph.ok) return graph;
  const { byPrevious, byNext } = graph;
  const steps =
    walk(byPrevious, trustedFingerprint, signingFingerprint) ??
    walk(byPrevious, signingFingerprint, trustedFingerprint);
  if (steps === undefined) {
    return { ok: false, message: `no rotation statements link key ${signingFingerprint} to the trusted key` };
  }
  if (signedAt !== undefined) {
    const at = Date.parse(signedAt);
    const rotatedIn = byNext.get(signingFingerprint)?.rotation.rotatedAt;
    const rotatedOut = byPrevious.get(signingFingerprint)?.rotation.rotatedAt;
    if (rotatedIn !== undefined && at < Date.parse(rotatedIn))
      return { ok: false, message: `signed at ${signedAt}, before its key was rotated in at ${rotatedIn}` };
    if (rotatedOut !== undefined && at > Date.parse(rotatedOut))
      return { ok: false, message: `signed at ${signedAt}, after its key was rotated out at ${rotatedOut}` };
  }
  return { ok: true, rotations: steps.map((step) => step.rotation) };
}

/**
 * Every key the (verified) history links to `fingerprint`, before and after it, except itself;
 * none when the history does not verify.
 */
export function keysLinkedTo(history: readonly unknown[], fingerprint: string): KeyObject[] {
  const graph = rotationGraph(history);
  if (!graph.ok) return [];
  const keys: KeyObject[] = [];
  const seen = new Set([fingerprint]);
  for (let at = graph.byNext.get(fingerprint); at && !seen.has(at.rotation.previous.fingerprint); ) {
    seen.add(at.rotation.previous.fingerprint);
    keys.push(at.previousKey);
    at = graph.byNext.get(at.rotation.previous.fingerprint);
  }
  for (let at = graph.byPrevious.get(fingerprint); at && !seen.has(at.rotation.next.fingerprint); ) {
    seen.add(at.rotation.next.fingerprint);
    keys.push(at.nextKey);
    at = graph.byPrevious.get(at.rotation.next.fingerprint);
  }
  return keys;
}
