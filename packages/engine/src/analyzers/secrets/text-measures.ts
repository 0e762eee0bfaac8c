// Small pure measures on a candidate secret: Shannon entropy, a masked preview that is safe to
// print, and the SHA-256 that identifies the value without revealing it.
import { createHash } from "node:crypto";

/** Bits per character of the value's own character distribution. */
export function shannonEntropy(value: string): number {
  if (value.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const char of value) counts.set(char, (counts.get(char) ?? 0) + 1);
  let entropy = 0;
  for (const count of counts.values()) {
    const p = count / value.length;
    entropy -= p * Math.log2(p);
  }
  return entropy;
}

/**
 * A preview that identifies the credential to a human without giving it away: at most the first
 * four characters (fewer for short values, where four would be a large share), then the length.
 */
export function maskSecret(value: string): string {
  const shown = Math.min(4, Math.floor(value.length / 4));
  return `${value.slice(0, shown)}…(${value.length} chars)`;
}

export function sha256Hex(value: string): string {
  return createHash("sha256").update(value, "utf8").digest("hex");
}
