// DSSE v1.0.2 envelopes (Dead Simple Signing Envelope): how attestations and provenance are signed,
// and how an uploaded envelope is checked against the public keys a tenant trusts.
import { constants, createPublicKey, type JsonWebKey, type KeyObject, verify } from "node:crypto";
import type { Signer } from "./signer.ts";
import { keyFingerprint } from "./signing.ts";

export interface DsseSignature {
  /** An unauthenticated hint for choosing a key; never used to decide trust. */
  readonly keyid?: string;
  /** base64 of the signature over PAE(payloadType, payload). */
  readonly sig: string;
}

export interface DsseEnvelope {
  /** base64 of the payload bytes. */
  readonly payload: string;
  readonly payloadType: string;
  readonly signatures: readonly DsseSignature[];
}

export interface TrustedKey {
  /** The name reported when this key verifies a signature (e.g. its fingerprint). */
  readonly keyid: string;
  readonly publicKey: KeyObject;
}

export type EnvelopeFailure =
  /** Not a DSSE envelope (missing fields, bad base64, no signatures). */
  | "malformed"
  /** Fewer distinct trusted keys verified than the threshold (by default one). */
  | "untrusted";

export type EnvelopeVerification =
  | {
      readonly ok: true;
      readonly payloadType: string;
      /** Exactly the bytes that were verified: use these, never re-decode the envelope. */
      readonly payload: Buffer;
      /** The `keyid`s of the trusted keys whose signatures verified, in `trustedKeys` order. */
      readonly verifiedKeyIds: readonly string[];
    }
  | {
      readonly ok: false;
      readonly reason: EnvelopeFailure;
      readonly message: string;
      readonly verifiedKeyIds: readonly string[];
    };

/** PAE(type, body) = "DSSEv1" SP LEN(type) SP type SP LEN(body) SP body, lengths in bytes, decimal. */
export function pae(payloadType: string, payload: Uint8Array): Buffer {
  const type = Buffer.from(payloadType, "utf8");
  return Buffer.concat([
    Buffer.from(`DSSEv1 ${type.length} `, "ascii"),
    type,
    Buffer.from(` ${payload.length} `, "ascii"),
    payload,
  ]);
}

/**
 * An envelope with one Ed25519 signature. `payload` as a string is taken as UTF-8. The keyid
 * defaults to the key's fingerprint (SHA-256 of its SPKI DER, hex).
 */
export async function signEnvelope(
  payloadType: string,
  payload: Uint8Array | string,
  signer: Signer,
  keyid: string = keyFingerprint(signer.publicKey),
): Promise<DsseEnvelope> {
  const bytes = typeof payload === "string" ? Buffer.from(payload, "utf8") : Buffer.from(payload);
  const signature = await signer.sign(pae(payloadType, bytes));
  return {
    payload: bytes.toString("base64"),
    payloadType,
    signatures: [{ keyid, sig: signature.toString("base64") }],
  };
}

/** Decodes standard or URL-safe base64, padded or not, as DSSE requires verifiers to accept. */
function decodeBase64(text: unknown): Buffer | undefined {
  if (typeof text !== "string" || !/^[A-Za-z0-9+/_-]*={0,2}$/.test(text)) return undefined;
  return Buffer.from(text.replaceAll("-", "+").replaceAll("_", "/"), "base64");
}

const EC_HASHES: Readonly<Record<string, string>> = {
  "P-256": "sha256",
  "P-384": "sha384",
  "P-521": "sha512",
};

/** Does `signature` verify `message` under `key`, for the key types DSSE signers commonly use? */
function verifiesWith(key: KeyObject, message: Buffer, signature: Buffer): boolean {
  try {
    switch (key.asymmetricKeyType) {
      case "ed25519":
        return verify(null, message, key, signature);
      case "ec": {
        const hash = EC_HASHES[key.asymmetricKeyDetails?.namedCurve ?? ""] ?? "sha256";
        // Both raw r‖s (the DSSE test vector) and ASN.1 DER (cosign, sigstore) are in use.
        return (
          verify(hash, message, { key, dsaEncoding: "ieee-p1363" }, signature) ||
          verify(hash, message, { key, dsaEncoding: "der" }, signature)
        );
      }
      case "rsa":
        return (
          verify("sha256", message, { key, padding: constants.RSA_PKCS1_PADDING }, signature) ||
          verify(
            "sha256",
            message,
            { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: constants.RSA_PSS_SALTLEN_AUTO },
            signature,
          )
        );
      case "rsa-pss":
        return verify("sha256", message, key, signature);
      default:
        return false;
    }
  } catch {
    // A signature of the wrong shape for the key type is a failed signature, not an error.
    return false;
  }
}

/**
 * Verifies `envelope` (untrusted input of any shape) against `trustedKeys`. Every signature is
 * tried against every trusted key, because the envelope's keyid is only a hint. It passes when at
 * least `threshold` distinct trusted keys verified (DSSE's (t, n) threshold; default 1).
 */
export function verifyEnvelope(
  envelope: unknown,
  trustedKeys: readonly TrustedKey[],
  options: { readonly threshold?: number } = {},
): EnvelopeVerification {
  const malformed = (message: string): EnvelopeVerification => ({
    ok: false,
    reason: "malformed",
    message,
    verifiedKeyIds: [],
  });
  if (typeof envelope !== "object" || envelope === null) return malformed("envelope is not a JSON object");
  const { payload, payloadType, signatures } = envelope as Record<string, unknown>;
  if (typeof payloadType !== "string") return malformed("payloadType is missing");
  const payloadBytes = decodeBase64(payload);
  if (payloadBytes === undefined) return malformed("payload is missing or not base64");
  if (!Array.isArray(signatures) || signatures.length === 0) return malformed("envelope has no signatures");
  const signatureBytes: Buffer[] = [];
  for (const [index, entry] of signatures.entries()) {
    const bytes = decodeBase64((entry as { sig?: unknown } | null)?.sig);
    if (bytes === undefined) return malformed(`signatures[${index}].sig is missing or not base64`);
    signatureBytes.push(bytes);
  }

  const message = pae(payloadType, payloadBytes);
  const verifiedKeyIds = trustedKeys
    .filter((trusted) =>
      signatureBytes.some((signature) => verifiesWith(trusted.publicKey, message, signature)),
    )
    .map((trusted) => trusted.keyid);
  const distinct = [...new Set(verifiedKeyIds)];
  const threshold = options.threshold ?? 1;
  if (distinct.length < threshold) {
    return {
      ok: false,
      reason: "untrusted",
      message:
        distinct.length === 0
          ? "no signature verifies with a trusted key"
          : `${distinct.length} trusted key(s) verified, ${threshold} required`,
      verifiedKeyIds: distinct,
    };
  }
  return { ok: true, payloadType, payload: payloadBytes, verifiedKeyIds: distinct };
}

export type VerificationKeyResult = { ok: true; key: KeyObject } | { ok: false; error: string };

/**
 * A public key a tenant trusts for uploaded envelopes: SPKI PEM or a JWK, of type Ed25519, ECDSA
 * (P-256, P-384, P-521) or RSA.
 */
export function importVerificationKey(key: string | JsonWebKey): VerificationKeyResult {
  try {
    const imported = typeof key === "string" ? createPublicKey(key) : createPublicKey({ key, format: "jwk" });
    const type = imported.asymmetricKeyType;
    if (type === "ed25519" || type === "ec" || type === "rsa" || type === "rsa-pss")
      return { ok: true, key: imported };
    return { ok: false, error: `unsupported key type ${type ?? "unknown"}` };
  } catch (error) {
    return { ok: false, error: `public key could not be read: ${(error as Error).message}` };
  }
}
