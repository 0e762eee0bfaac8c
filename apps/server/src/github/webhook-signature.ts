// GitHub signs every delivery with HMAC-SHA256 of the raw body under the App's webhook secret
// (`X-Hub-Signature-256: sha256=<hex>`). Checked on the bytes as received, before anything is
// parsed, with a constant-time comparison.
import { createHmac, timingSafeEqual } from "node:crypto";

const SIGNATURE = /^sha256=([0-9a-f]{64})$/;

export function signatureOf(secret: string, body: Buffer | string): string {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}

export function isValidSignature(secret: string, body: Buffer, header: string | undefined): boolean {
  const given = header ? SIGNATURE.exec(header.trim()) : null;
  if (!given) return false;
  const expected = createHmac("sha256", secret).update(body).digest();
  return timingSafeEqual(expected, Buffer.from(given[1]!, "hex"));
}
