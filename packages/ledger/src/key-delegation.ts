// Key delegation: a KMS signs at most a few KB with pure Ed25519, so an instance whose key lives
// there cannot sign a large DSSE payload (an attestation, an audit package manifest) itself. It
// makes a short-lived Ed25519 key in memory instead, signs a small statement naming that key and
// the hours it may sign in, and signs the large payload with it; the statement travels next to the
// envelope, and a verifier accepts the delegate only through a statement the trusted key signed.
import type { KeyObject } from "node:crypto";
import { z } from "zod";
import { canonicalize } from "./canonical-json.ts";
import { type DsseEnvelope, pae, type TrustedKey, verifyEnvelope } from "./dsse.ts";
import type { DelegatedSignature, Signer } from "./signer.ts";
import { localSigner } from "./signer.ts";
import { exportPublicKeyBase64, generateKeyPair, importPublicKey, keyFingerprint } from "./signing.ts";

export const KEY_DELEGATION_FORMAT = "rampart-key-delegation";
export const KEY_DELEGATION_PAYLOAD_TYPE = "application/vnd.rampart.key-delegation+json";
/** A delegation is for hours; a verifier refuses a statement that claims a longer window. */
export const MAX_DELEGATION_HOURS = 24;
/** How far notBefore is set back, so that a document stamped just before the delegate existed is covered. */
const CLOCK_SKEW_MS = 10 * 60_000;
const HOUR_MS = 3_600_000;

const RFC3339_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?Z$/;

export const KeyDelegationSchema = z.strictObject({
  format: z.literal(KEY_DELEGATION_FORMAT),
  version: z.literal(1),
  delegate: z.strictObject({
    algorithm: z.literal("Ed25519"),
    /** base64 of the SPKI DER. */
    spki: z.string().max(200),
    /** SHA-256 of the SPKI DER, hex. */
    fingerprint: z.string().max(64),
  }),
  /** The fingerprint of the key that signs this statement. */
  delegator: z.strictObject({ fingerprint: z.string().max(64) }),
  /** What the delegate may sign: DSSE envelopes. */
  purpose: z.literal("dsse"),
  notBefore: z.string().regex(RFC3339_UTC),
  notAfter: z.string().regex(RFC3339_UTC),
});
export type KeyDelegation = z.infer<typeof KeyDelegationSchema>;

/** The shape of a signed delegation statement as attestations and packages carry it. */
export const KeyDelegationEnvelopeSchema = z.strictObject({
  payload: z.string().max(4096),
  payloadType: z.string().max(200),
  signatures: z
    .array(z.strictObject({ keyid: z.string().max(200).optional(), sig: z.string().max(200) }))
    .max(8),
});

export interface DelegatingSignerOptions {
  /** How long each delegate key may sign; at most MAX_DELEGATION_HOURS. */
  readonly ttlHours: number;
  readonly now?: () => Date;
}

/**
 * `root` with a delegate: messages `root` cannot sign (longer than its maxMessageBytes) are signed
 * by an in-memory Ed25519 key, which `root` vouches for in a statement valid for `ttlHours`. The
 * delegate is replaced once a quarter of its window is left, so a signature is never made near the
 * end of it. Everything `root` can sign it still signs itself.
 * @throws TypeError on a ttl outside (0, MAX_DELEGATION_HOURS] (a programmer error).
 */
export function delegatingSigner(root: Signer, options: DelegatingSignerOptions): Signer {
  const { ttlHours } = options;
  if (!(ttlHours > 0 && ttlHours <= MAX_DELEGATION_HOURS))
    throw new TypeError(`ttlHours must be in (0, ${MAX_DELEGATION_HOURS}]`);
  const now = options.now ?? (() => new Date());
  let current: Promise<{ signer: Signer; delegation: DsseEnvelope; renewAt: number }> | undefined;

  async function makeDelegate() {
    const issuedAt = now().getTime();
    const notAfter = issuedAt + ttlHours * HOUR_MS;
    const signer = localSigner(generateKeyPair().privateKey);
    const statement: KeyDelegation = {
      format: KEY_DELEGATION_FORMAT,
      version: 1,
      delegate: {
        algorithm: "Ed25519",
        spki: exportPublicKeyBase64(signer.publicKey),
        fingerprint: keyFingerprint(signer.publicKey),
      },
      delegator: { fingerprint: keyFingerprint(root.publicKey) },
      purpose: "dsse",
      notBefore: new Date(issuedAt - CLOCK_SKEW_MS).toISOString(),
      notAfter: new Date(notAfter).toISOString(),
    };
    const payload = Buffer.from(canonicalize(statement), "utf8");
    const signature = await root.sign(pae(KEY_DELEGATION_PAYLOAD_TYPE, payload));
    const delegation: DsseEnvelope = {
      payload: payload.toString("base64"),
      payloadType: KEY_DELEGATION_PAYLOAD_TYPE,
      signatures: [{ keyid: statement.delegator.fingerprint, sig: signature.toString("base64") }],
    };
    return { signer, delegation, renewAt: notAfter - (ttlHours * HOUR_MS) / 4 };
  }

  async function delegate() {
    const held = current && (await current.catch(() => undefined));
    if (!held || now().getTime() >= held.renewAt) {
      // A failed root signature (the KMS briefly unreachable) is not kept: the next call retries.
      current = makeDelegate();
      current.catch(() => {
        current = undefined;
      });
    }
    return current!;
  }

  return {
    publicKey: root.publicKey,
    sign: (message) => root.sign(message),
    ...(root.maxMessageBytes !== undefined ? { maxMessageBytes: root.maxMessageBytes } : {}),
    async signDelegated(message): Promise<DelegatedSignature> {
      const { signer, delegation } = await delegate();
      return { signature: await signer.sign(message), publicKey: signer.publicKey, delegation };
    },
  };
}

export interface SignedEnvelope {
  readonly envelope: DsseEnvelope;
  /** Present when a delegate signed: the statement to publish next to the envelope. */
  readonly delegation?: DsseEnvelope;
}

/**
 * A DSSE envelope with one signature: by `signer`'s own key whenever it can sign the message, by
 * its delegate otherwise (then the keyid is the delegate's fingerprint and the statement is
 * returned beside the envelope, never inside it, so the envelope stays plain DSSE).
 * @throws Error when the message is too long for the signer and it has no delegate.
 */
export async function signEnvelopeDelegable(
  payloadType: string,
  payload: Uint8Array | string,
  signer: Signer,
): Promise<SignedEnvelope> {
  const bytes = typeof payload === "string" ? Buffer.from(payload, "utf8") : Buffer.from(payload);
  const message = pae(payloadType, bytes);
  const fits = signer.maxMessageBytes === undefined || message.length <= signer.maxMessageBytes;
  const envelopeOf = (keyid: string, signature: Buffer): DsseEnvelope => ({
    payload: bytes.toString("base64"),
    payloadType,
    signatures: [{ keyid, sig: signature.toString("base64") }],
  });
  if (fits || signer.signDelegated === undefined) {
    return { envelope: envelopeOf(keyFingerprint(signer.publicKey), await signer.sign(message)) };
  }
  const delegated = await signer.signDelegated(message);
  return {
    envelope: envelopeOf(keyFingerprint(delegated.publicKey), delegated.signature),
    delegation: delegated.delegation,
  };
}

// ---- verification ------------------------------------------------------------------------------

export type DelegatedVerification =
  | {
      readonly ok: true;
      readonly payloadType: string;
      /** Exactly the bytes that were verified. */
      readonly payload: Buffer;
      readonly delegation: KeyDelegation;
      /** The keyid of the trusted key that signed the delegation. */
      readonly delegatorKeyId: string;
    }
  | { readonly ok: false; readonly message: string };

/**
 * Verifies `envelope` signed by a delegate: `delegation` (untrusted input) must be a key delegation
 * statement for DSSE signed by one of `trustedKeys` (the statement's delegator), the envelope must
 * verify with exactly the delegate it names, and the time `signedAt` reads from the verified
 * payload must lie within the statement's window.
 */
export function verifyDelegatedEnvelope(
  envelope: unknown,
  delegation: unknown,
  trustedKeys: readonly TrustedKey[],
  signedAt: (payload: Buffer) => string | undefined,
): DelegatedVerification {
  const failure = (message: string): DelegatedVerification => ({ ok: false, message });
  const shape = KeyDelegationEnvelopeSchema.safeParse(delegation);
  if (!shape.success || shape.data.payloadType !== KEY_DELEGATION_PAYLOAD_TYPE)
    return failure("the delegation is not a key delegation envelope");
  const byTrusted = verifyEnvelope(shape.data, trustedKeys);
  if (!byTrusted.ok) return failure("the key delegation is not signed by the trusted key");
  let json: unknown;
  try {
    json = JSON.parse(byTrusted.payload.toString("utf8"));
  } catch {
    return failure("the key delegation payload is not JSON");
  }
  const parsed = KeyDelegationSchema.safeParse(json);
  if (!parsed.success) return failure("the key delegation payload is not a key delegation statement");
  const statement = parsed.data;
  const signedBy = trustedKeys.filter((key) => byTrusted.verifiedKeyIds.includes(key.keyid));
  if (!signedBy.some((key) => keyFingerprint(key.publicKey) === statement.delegator.fingerprint))
    return failure("the key delegation names another delegator than the key that signed it");
  const notBefore = Date.parse(statement.notBefore);
  const notAfter = Date.parse(statement.notAfter);
  if (Number.isNaN(notBefore) || Number.isNaN(notAfter) || notAfter <= notBefore)
    return failure("the key delegation's window is not a time range");
  if (notAfter - notBefore > (MAX_DELEGATION_HOURS + 1) * HOUR_MS)
    return failure(`the key delegation's window is longer than ${MAX_DELEGATION_HOURS} hours`);
  const imported = importPublicKey(statement.delegate.spki);
  if (
    !imported.ok ||
    exportPublicKeyBase64(imported.key) !== statement.delegate.spki ||
    keyFingerprint(imported.key) !== statement.delegate.fingerprint
  )
    return failure("the delegate key does not match its fingerprint");
  const delegateKey: KeyObject = imported.key;

  const byDelegate = verifyEnvelope(envelope, [
    { keyid: statement.delegate.fingerprint, publicKey: delegateKey },
  ]);
  if (!byDelegate.ok) {
    return failure(
      byDelegate.reason === "malformed"
        ? byDelegate.message
        : `no signature verifies with the delegated key ${statement.delegate.fingerprint}`,
    );
  }
  const at = signedAt(byDelegate.payload);
  const time = at === undefined ? Number.NaN : Date.parse(at);
  if (Number.isNaN(time))
    return failure("the signed document states no time to check the delegation against");
  if (time < notBefore || time > notAfter)
    return failure(
      `the document is dated ${at}, outside the key delegation's window ${statement.notBefore} to ${statement.notAfter}`,
    );
  return {
    ok: true,
    payloadType: byDelegate.payloadType,
    payload: byDelegate.payload,
    delegation: statement,
    delegatorKeyId: signedBy.find((key) => keyFingerprint(key.publicKey) === statement.delegator.fingerprint)!
      .keyid,
  };
}
