import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CanonicalJsonError, canonicalize, canonicalizeResult } from "./canonical-json.ts";

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");

function fromBits(hex: string): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setBigUint64(0, BigInt(`0x${hex}`));
  return view.getFloat64(0);
}

describe("canonicalize (RFC 8785)", () => {
  it("produces the RFC's §3.2.2 example byte for byte", () => {
    const input: unknown = JSON.parse(fixture("rfc8785-3.2.2-input.json"));
    expect(canonicalize(input)).toBe(fixture("rfc8785-3.2.2-output.json"));
  });

  it("sorts keys by UTF-16 code units as in the RFC's §3.2.3 example", () => {
    const input: unknown = JSON.parse(fixture("rfc8785-3.2.3-input.json"));
    expect(canonicalize(input)).toBe(fixture("rfc8785-3.2.3-output.json"));
  });

  // RFC 8785 Appendix B: IEEE 754 bit patterns and their canonical text.
  it.each([
    ["0000000000000000", "0"],
    ["8000000000000000", "0"],
    ["0000000000000001", "5e-324"],
    ["8000000000000001", "-5e-324"],
    ["7fefffffffffffff", "1.7976931348623157e+308"],
    ["ffefffffffffffff", "-1.7976931348623157e+308"],
    ["4340000000000000", "9007199254740992"],
    ["c340000000000000", "-9007199254740992"],
    ["4430000000000000", "295147905179352830000"],
    ["44b52d02c7e14af5", "9.999999999999997e+22"],
    ["44b52d02c7e14af6", "1e+23"],
    ["44b52d02c7e14af7", "1.0000000000000001e+23"],
    ["444b1ae4d6e2ef4e", "999999999999999700000"],
    ["444b1ae4d6e2ef4f", "999999999999999900000"],
    ["444b1ae4d6e2ef50", "1e+21"],
    ["3eb0c6f7a0b5ed8c", "9.999999999999997e-7"],
    ["3eb0c6f7a0b5ed8d", "0.000001"],
    ["41b3de4355555553", "333333333.3333332"],
    ["41b3de4355555554", "333333333.33333325"],
    ["41b3de4355555555", "333333333.3333333"],
    ["41b3de4355555556", "333333333.3333334"],
    ["41b3de4355555557", "333333333.33333343"],
    ["becbf647612f3696", "-0.0000033333333333333333"],
    ["43143ff3c1cb0959", "1424953923781206.2"],
  ])("serialises the number with bits %s as %s", (bits, text) => {
    expect(canonicalize(fromBits(bits))).toBe(text);
  });

  it.each([
    ["NaN", Number.NaN],
    ["Infinity", Number.POSITIVE_INFINITY],
    ["-Infinity", Number.NEGATIVE_INFINITY],
    ["undefined at the root", undefined],
    ["undefined in an array", [1, undefined]],
    ["a bigint", 1n],
    ["a function", () => 1],
    ["a symbol", Symbol("x")],
    ["a Date", new Date(0)],
    ["a Map", new Map()],
    ["a lone high surrogate", "\uD800x"],
    ["a lone low surrogate key", { "\uDC00": 1 }],
  ])("rejects %s", (_label, value) => {
    expect(() => canonicalize(value)).toThrow(CanonicalJsonError);
    expect(canonicalizeResult(value).ok).toBe(false);
  });

  it("rejects a cycle and names where it is", () => {
    const node: Record<string, unknown> = { a: [] };
    (node.a as unknown[]).push(node);
    const result = canonicalizeResult(node);
    expect(result).toMatchObject({ ok: false, path: "/a/0" });
  });

  it("leaves out object members whose value is undefined, as a JSON round trip does", () => {
    expect(canonicalize({ b: 1, a: undefined })).toBe('{"b":1}');
  });

  it("escapes control characters in lowercase hex and keeps other characters literal", () => {
    expect(canonicalize("\u0000\u001f\u007f\u2028é")).toBe('"\\u0000\\u001f\u007f\u2028é"');
  });

  it("accepts objects with a null prototype and nested arrays", () => {
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { z: [[], {}], a: -0 });
    expect(canonicalize(bare)).toBe('{"a":0,"z":[[],{}]}');
  });

  it("is a fixed point of parse-then-canonicalize, whatever the key order", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = canonicalize(value);
        expect(canonicalize(JSON.parse(text))).toBe(text);
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });
});
