import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { assignFingerprints } from "./fingerprint.ts";

const at = (ruleId: string, path: string, line: number, snippet: string) => ({
  ruleId,
  location: { path, line, column: 1, snippet },
});

describe("fingerprints", () => {
  it("do not change when unrelated lines move or indentation changes", () => {
    const before = assignFingerprints([at("r/x", "a.yaml", 10, "  privileged: true")]);
    const after = assignFingerprints([at("r/x", "a.yaml", 42, "privileged:   true ")]);
    expect(after[0]!.fingerprint).toBe(before[0]!.fingerprint);
  });

  it("tell identical lines apart by order, and differ by rule, path and text", () => {
    const [first, second] = assignFingerprints([at("r/x", "a", 20, "p: true"), at("r/x", "a", 5, "p: true")]);
    expect(first!.fingerprint).not.toBe(second!.fingerprint);
    // the one on line 5 is occurrence 0 whatever the input order
    expect(second!.fingerprint).toBe(assignFingerprints([at("r/x", "a", 1, "p: true")])[0]!.fingerprint);
    const base = assignFingerprints([at("r/x", "a", 1, "p: true")])[0]!.fingerprint;
    expect(assignFingerprints([at("r/y", "a", 1, "p: true")])[0]!.fingerprint).not.toBe(base);
    expect(assignFingerprints([at("r/x", "b", 1, "p: true")])[0]!.fingerprint).not.toBe(base);
    expect(assignFingerprints([at("r/x", "a", 1, "p: false")])[0]!.fingerprint).not.toBe(base);
  });

  it("survive inserting lines anywhere (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom("a: 1", "b: 2", "a: 1 "), { minLength: 1, maxLength: 20 }),
        fc.nat(40),
        (snippets, shift) => {
          const original = snippets.map((snippet, index) => at("r/x", "f", index + 1, snippet));
          const moved = snippets.map((snippet, index) => at("r/x", "f", index + 1 + shift, snippet));
          const a = assignFingerprints(original).map((item) => item.fingerprint);
          const b = assignFingerprints(moved).map((item) => item.fingerprint);
          expect(b).toEqual(a);
          expect(new Set(a).size).toBe(a.length);
        },
      ),
    );
  });
});
