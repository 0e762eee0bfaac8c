// Small pure measures on a candidate secret: Shannon entropy, a masked preview that is safe to
// print, and the SHA-256 that identifies the value without revealing it.
import { createHash } from "node:crypto";

const asciiCounts = new Int32Array(128);

/** Bits per character of the value's own character distribution (ASCII fast path, Map otherwise). */
export function shannonEntropy(value: string): number {
  const length = value.length;
  if (length === 0) return 0;
  let entropy = 0;
  let ascii = true;
  for (let index = 0; index < length; index++) {
    if (value.charCodeAt(index) >= 128) {
      ascii = false;
      break;
    }
  }
  if (ascii) {
    asciiCounts.fill(0);
    for (let index = 0; index < length; index++) asciiCounts[value.charCodeAt(index)]!++;
    for (let code = 0; code < 128; code++) {
      const count = asciiCounts[code]!;
      if (count > 0) entropy -= (count / length) * Math.log2(count / length);
    }
    return entropy;
  }
  const counts = new Map<string, number>();
  for (const char of value) counts.set(char, (counts.get(char) ?? 0) + 1);
  const total = [...value].length;
  for (const count of counts.values()) entropy -= (count / total) * Math.log2(count / total);
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
