// Small pure measures on a candidate secret: Shannon entropy, a masked preview that is safe to
// print, and the SHA-256 that identifies the value without revealing it.
import { hash } from "node:crypto";

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
    // Summed in code order as always (the sum's last bits depend on its order), over the codes
    // the value uses only, and the counts cleared on the way for the next call.
    let lowest = 127;
    let highest = 0;
    for (let index = 0; index < length; index++) {
      const code = value.charCodeAt(index);
      asciiCounts[code]!++;
      if (code < lowest) lowest = code;
      if (code > highest) highest = code;
    }
    for (let code = lowest; code <= highest; code++) {
      const count = asciiCounts[code]!;
      if (count > 0) {
        entropy -= (count / length) * Math.log2(count / length);
        asciiCounts[code] = 0;
      }
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

/** One-shot `hash`: a third of the cost of a `createHash` object, for every candidate of a file. */
export function sha256Hex(value: string): string {
  return hash("sha256", value, "hex");
}

const OPENER_OF: Record<string, string> = { ")": "(", "]": "[", "}": "{" };

/**
 * A closing bracket of another kind than the innermost open one (`{)`): text that no expression,
 * call or collection can be (`{{h}o)p${e]…` is a password, not code). A closer that nothing in
 * the value opened is not one: `f(token=name)` hands the shapes `name)`.
 */
export function closesOutOfOrder(value: string): boolean {
  const open: string[] = [];
  for (const char of value) {
    if (char === "(" || char === "[" || char === "{") {
      open.push(char);
    } else if (char in OPENER_OF) {
      const innermost = open.pop();
      if (innermost !== undefined && innermost !== OPENER_OF[char]) return true;
    }
  }
  return false;
}
