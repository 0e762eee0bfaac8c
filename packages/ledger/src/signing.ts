// Ed25519 keys for the instance's checkpoints and attestations: generation, import from
// configuration, export for publishing, and the fingerprint auditors compare.
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from "node:crypto";
import { sha256Hex } from "./hash.ts";

export interface Ed25519KeyPair {
  readonly privateKey: KeyObject;
  readonly publicKey: KeyObject;
}

export type KeyResult = { ok: true; key: KeyObject } | { ok: false; error: string };

// DER prefixes that turn a bare 32-byte Ed25519 seed or public key into PKCS#8 or SPKI (RFC 8410).
const PKCS8_ED25519_PREFIX = Buffer.from("302e020100300506032b657004220420", "hex");
const SPKI_ED25519_PREFIX = Buffer.from("302a300506032b6570032100", "hex");
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** A fresh key pair. The server generates one once, when configuration supplies none, and keeps it. */
export function generateKeyPair(): Ed25519KeyPair {
  return generateKeyPairSync("ed25519");
}

export function publicKeyOf(privateKey: KeyObject): KeyObject {
  return createPublicKey(privateKey);
}

/** PKCS#8 PEM (`-----BEGIN PRIVATE KEY-----`): what configuration stores. */
export function exportPrivateKeyPem(privateKey: KeyObject): string {
  return privateKey.export({ format: "pem", type: "pkcs8" }).toString();
}

/** SPKI PEM (`-----BEGIN PUBLIC KEY-----`): what is published. */
export function exportPublicKeyPem(publicKey: KeyObject): string {
  return publicKey.export({ format: "pem", type: "spki" }).toString();
}

/** SPKI DER, base64: the form exports carry. */
export function exportPublicKeyBase64(publicKey: KeyObject): string {
  return spkiDer(publicKey).toString("base64");
}

/** The bare 32-byte Ed25519 public key (RFC 8032). */
export function rawPublicKey(publicKey: KeyObject): Buffer {
  return spkiDer(publicKey).subarray(SPKI_ED25519_PREFIX.length);
}

/** SHA-256 of the key's SPKI DER, lowercase hex: the fingerprint shown beside a published key. */
export function keyFingerprint(publicKey: KeyObject): string {
  return sha256Hex(spkiDer(publicKey));
}

function spkiDer(publicKey: KeyObject): Buffer {
  return publicKey.export({ format: "der", type: "spki" });
}

function decodeBase64(text: string): Buffer | undefined {
  const compact = text.replace(/\s+/g, "");
  return BASE64.test(compact) ? Buffer.from(compact, "base64") : undefined;
}

function requireEd25519(key: KeyObject): KeyResult {
  return key.asymmetricKeyType === "ed25519"
    ? { ok: true, key }
    : { ok: false, error: `expected an Ed25519 key, got ${key.asymmetricKeyType ?? "an unknown key type"}` };
}

/**
 * An Ed25519 private key from configuration: PKCS#8 PEM, base64 PKCS#8 DER, or the base64 of the
 * bare 32-byte seed.
 */
export function importPrivateKey(text: string): KeyResult {
  try {
    if (text.includes("-----BEGIN")) return requireEd25519(createPrivateKey(text));
    const der = decodeBase64(text);
    if (der === undefined) return { ok: false, error: "private key is neither PEM nor base64" };
    const pkcs8 = der.length === 32 ? Buffer.concat([PKCS8_ED25519_PREFIX, der]) : der;
    return requireEd25519(createPrivateKey({ key: pkcs8, format: "der", type: "pkcs8" }));
  } catch (error) {
    return { ok: false, error: `private key could not be read: ${(error as Error).message}` };
  }
}

/** An Ed25519 public key: SPKI PEM, base64 SPKI DER, or the base64 of the bare 32-byte key. */
export function importPublicKey(text: string): KeyResult {
  try {
    if (text.includes("-----BEGIN")) return requireEd25519(createPublicKey(text));
    const der = decodeBase64(text);
    if (der === undefined) return { ok: false, error: "public key is neither PEM nor base64" };
    const spki = der.length === 32 ? Buffer.concat([SPKI_ED25519_PREFIX, der]) : der;
    return requireEd25519(createPublicKey({ key: spki, format: "der", type: "spki" }));
  } catch (error) {
    return { ok: false, error: `public key could not be read: ${(error as Error).message}` };
  }
}
