import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { drawPositions, randomSeed, seededWords, uniformIndex } from "./seeded-draw.ts";

describe("seeded draw", () => {
  it("draws the same positions for the same seed and size, and others for another seed", () => {
    const first = drawPositions("audit-2026", 1000, 25);
    expect(drawPositions("audit-2026", 1000, 25)).toEqual(first);
    expect(drawPositions("audit-2027", 1000, 25)).not.toEqual(first);
    expect(new Set(first).size).toBe(25);
    expect(first.every((position) => position >= 0 && position < 1000)).toBe(true);
  });

  it("is SHA-256 in counter mode, so another implementation can redo it", () => {
    const words = seededWords("s");
    const block = (counter: number) => createHash("sha256").update(`s:${counter}`).digest();
    const expected = [...Array(8).keys()].map((index) => block(0).readUInt32BE(index * 4));
    expect(Array.from({ length: 8 }, words)).toEqual(expected);
    expect(words()).toBe(block(1).readUInt32BE(0));
  });

  it("draws everything, in a seeded order, when asked for more than the population", () => {
    const all = drawPositions("x", 7, 500);
    expect([...all].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(drawPositions("x", 7, 500)).toEqual(all);
    expect(drawPositions("x", 0, 5)).toEqual([]);
  });

  it("rejects words that would bias the index", () => {
    const words = [2 ** 32 - 1, 2 ** 32 - 2, 5];
    // bound 3: 2^32 mod 3 = 1, so the limit is 2^32 - 1 and only the top word is refused.
    expect(uniformIndex(() => words.shift()!, 3)).toBe((2 ** 32 - 2) % 3);
    expect(() => uniformIndex(() => 0, 0)).toThrow(RangeError);
  });

  it("picks every position about equally often over many seeds (chi-square bound)", () => {
    const size = 20;
    const trials = 20_000;
    const counts = new Array<number>(size).fill(0);
    for (let trial = 0; trial < trials; trial++) {
      const [first] = drawPositions(`seed-${trial}`, size, 1);
      counts[first!]! += 1;
    }
    const expected = trials / size;
    const chiSquare = counts.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
    // 19 degrees of freedom: p = 0.001 at 43.8. A biased draw lands far above.
    expect(chiSquare).toBeLessThan(43.8);
  });

  it("makes seeds the contract accepts", () => {
    expect(randomSeed()).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(randomSeed()).not.toBe(randomSeed());
  });
});
