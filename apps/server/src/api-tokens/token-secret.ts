// The secret of an API token: `rmp_` and 43 base62 characters (about 256 random bits). The prefix
// lets secret scanners recognise a leaked token; only its SHA-256 is stored.
import { createHash, randomBytes } from "node:crypto";
import { API_TOKEN_PATTERN, API_TOKEN_PREFIX } from "@rampart/contracts/api-tokens";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const SECRET_LENGTH = 43;
/** Bytes at or above this are dropped, so that every base62 digit is equally likely. */
const UNBIASED_BELOW = 248; // 4 × 62

export function newTokenSecret(): string {
  let body = "";
  while (body.length < SECRET_LENGTH) {
    for (const byte of randomBytes(64)) {
      if (byte >= UNBIASED_BELOW) continue;
      body += BASE62[byte % 62];
      if (body.length === SECRET_LENGTH) break;
    }
  }
  return `${API_TOKEN_PREFIX}${body}`;
}

export const tokenHashOf = (secret: string) => createHash("sha256").update(secret).digest("hex");

/** What the token list shows of a secret: the prefix and six characters. */
export const hintOf = (secret: string) => `${secret.slice(0, API_TOKEN_PREFIX.length + 6)}…`;

export const isTokenSecret = (value: string) => API_TOKEN_PATTERN.test(value);

/** The token of an `Authorization: Bearer <token>` header; undefined for any other header. */
export function bearerTokenOf(authorization: string | undefined): string | undefined {
  const match = /^Bearer[ ]+(\S+)[ ]*$/i.exec(authorization ?? "");
  return match?.[1];
}
