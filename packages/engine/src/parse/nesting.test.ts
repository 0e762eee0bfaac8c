// The nesting guard that every structured parser relies on (analyze.ts refuses deeper files).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_NESTING_DEPTH, nestingDepth } from "./nesting.ts";

function depthOf(value: unknown): number {
  if (Array.isArray(value)) return 1 + Math.max(0, ...value.map(depthOf));
  if (value !== null && typeof value === "object")
    return 1 + Math.max(0, ...Object.values(value).map(depthOf));
  return 0;
}

describe("nesting guard", () => {
  it("never reports less than the real depth of JSON, compact or indented, or of YAML (property)", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 12 }), (value) => {
        const depth = depthOf(value);
        expect(nestingDepth(JSON.stringify(value))).toBeGreaterThanOrEqual(depth);
        expect(nestingDepth(JSON.stringify(value, null, 1))).toBeGreaterThanOrEqual(depth);
      }),
    );
  });

  it("sees deep flow, block and sequence nesting beyond the limit", () => {
    const deepFlow = `${"[".repeat(5000)}${"]".repeat(5000)}`;
    const deepBlock = Array.from({ length: 1000 }, (_, level) => `${" ".repeat(level)}a:`).join("\n");
    const deepSequence = `${"- ".repeat(400)}x`;
    for (const text of [deepFlow, deepBlock, deepSequence])
      expect(nestingDepth(text)).toBeGreaterThan(MAX_NESTING_DEPTH);
    // brackets inside strings and comments are not structure
    expect(nestingDepth(`a: "${"[".repeat(500)}"\nb: '${"{".repeat(500)}'\n# ${"[".repeat(500)}\n`)).toBe(1);
  });
});
