// SHA-256 and the hex form every hash takes in the ledger's documents (lowercase, 64 digits).
import { createHash } from "node:crypto";

export const SHA256_HEX = /^[0-9a-f]{64}$/;

export function sha256(...parts: readonly (Uint8Array | string)[]): Buffer {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(part);
  return hash.digest();
}

export function sha256Hex(...parts: readonly (Uint8Array | string)[]): string {
  return sha256(...parts).toString("hex");
}

export function isSha256Hex(value: unknown): value is string {
  return typeof value === "string" && SHA256_HEX.test(value);
}

/** The 32 bytes of a lowercase hex SHA-256; throws on anything else (callers check first). */
export function hexToBytes(hex: string): Buffer {
  if (!SHA256_HEX.test(hex)) throw new TypeError(`not a lowercase hex SHA-256: ${JSON.stringify(hex)}`);
  return Buffer.from(hex, "hex");
}

/**
 * Standard base64 with padding, decoded only if it is the one canonical encoding of its bytes
 * (Node's decoder ignores stray characters and unused trailing bits, so two texts could decode alike).
 */
export function decodeCanonicalBase64(text: string): Buffer | undefined {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text)) return undefined;
  const bytes = Buffer.from(text, "base64");
  return bytes.toString("base64") === text ? bytes : undefined;
}
