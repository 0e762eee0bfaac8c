// The reproducible draw behind an auditor's sample: a PRNG that is SHA-256 in counter mode over the
// recorded seed, unbiased indices by rejection, and a partial Fisher–Yates shuffle. Anyone holding
// the seed and the same ordered population can redo the draw and get the same items in the same order.
import { createHash, randomBytes } from "node:crypto";

const WORDS_PER_BLOCK = 8;
const UINT32_RANGE = 2 ** 32;

/** 32-bit words of SHA-256(seed ‖ ":" ‖ counter) for counter = 0, 1, 2, … */
export function seededWords(seed: string): () => number {
  let counter = 0;
  let block: Buffer = Buffer.alloc(0);
  let next = WORDS_PER_BLOCK;
  return () => {
    if (next === WORDS_PER_BLOCK) {
      block = createHash("sha256").update(`${seed}:${counter}`).digest();
      counter += 1;
      next = 0;
    }
    const word = block.readUInt32BE(next * 4);
    next += 1;
    return word;
  };
}

/**
 * An integer in [0, bound) with no modulo bias: words at or above the largest multiple of `bound`
 * are thrown away and another is taken.
 */
export function uniformIndex(words: () => number, bound: number): number {
  if (!Number.isInteger(bound) || bound < 1 || bound > UINT32_RANGE) {
    throw new RangeError(`bound must be an integer in [1, 2^32], got ${bound}`);
  }
  const limit = UINT32_RANGE - (UINT32_RANGE % bound);
  for (;;) {
    const word = words();
    if (word < limit) return word % bound;
  }
}

/**
 * Positions of `count` items drawn without replacement from a population of `size`, in draw order.
 * A count at or above the size draws every position (still in a seeded order).
 */
export function drawPositions(seed: string, size: number, count: number): number[] {
  const words = seededWords(seed);
  const positions = Array.from({ length: size }, (_, index) => index);
  const drawn = Math.min(count, size);
  for (let index = 0; index < drawn; index++) {
    const chosen = index + uniformIndex(words, size - index);
    [positions[index], positions[chosen]] = [positions[chosen]!, positions[index]!];
  }
  return positions.slice(0, drawn);
}

/** A fresh seed when the auditor gave none: 128 random bits, base64url (within the contract's pattern). */
export function randomSeed(): string {
  return randomBytes(16).toString("base64url");
}
