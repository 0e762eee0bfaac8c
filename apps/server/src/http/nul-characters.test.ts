import { describe, expect, it } from "vitest";
import { findRequestValueProblem, MAX_NESTING_DEPTH } from "./nul-characters.ts";

const nested = (depth: number, leaf: unknown = 1): unknown => {
  let value = leaf;
  for (let level = 0; level < depth; level++) value = { a: value };
  return value;
};

describe("findRequestValueProblem", () => {
  it("names the first field holding U+0000, in document order", () => {
    expect(findRequestValueProblem({ a: "ok", b: ["fine", "bad\u0000"], c: "bad\u0000" })).toEqual({
      kind: "nul",
      path: "b.1",
    });
    expect(findRequestValueProblem({ "key\u0000": 1 })).toEqual({ kind: "nul", path: "key\u0000" });
    expect(findRequestValueProblem("top\u0000")).toEqual({ kind: "nul", path: "" });
    expect(findRequestValueProblem({ a: [{ b: "clean" }], n: 1, z: null })).toBeUndefined();
  });

  it("walks a value nested far deeper than the stack allows without overflowing", () => {
    expect(findRequestValueProblem(nested(200_000))).toEqual({
      kind: "too_deep",
      path: Array(MAX_NESTING_DEPTH).fill("a").join("."),
    });
  });

  it("accepts nesting up to the limit, and refuses one level more", () => {
    expect(findRequestValueProblem(nested(MAX_NESTING_DEPTH))).toBeUndefined();
    expect(findRequestValueProblem(nested(MAX_NESTING_DEPTH + 1))?.kind).toBe("too_deep");
    // An empty object or array at the limit holds nothing deeper.
    expect(findRequestValueProblem(nested(MAX_NESTING_DEPTH, {}))).toBeUndefined();
  });
});
