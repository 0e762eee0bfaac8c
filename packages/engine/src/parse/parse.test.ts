// The shared loaders never throw: any input yields a model or a one-line skip reason.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeText } from "../classify.ts";
import { loadJson } from "./json.ts";
import { MAX_NESTING_DEPTH, nestingDepth } from "./nesting.ts";
import { loadYaml, positionOf } from "./yaml.ts";

/** Text as files really arrive: arbitrary bytes, decoded the way the engine decodes them. */
const decodedBytes = fc
  .uint8Array({ maxLength: 2000 })
  .map((bytes) => decodeText(bytes))
  .filter((result) => result.ok)
  .map((result) => (result.ok ? result.text : ""));

/** Text built from YAML/JSON punctuation, which reaches deeper into the parsers than noise. */
const yamlish = fc
  .array(
    fc.constantFrom(
      "a: ",
      "- ",
      "[",
      "]",
      "{",
      "}",
      ",",
      ":",
      "\n",
      "  ",
      "'",
      '"',
      "&x ",
      "*x",
      "!Ref ",
      "|\n",
      ">-\n",
      "---\n",
      "# c\n",
      "key",
      "1",
      "true",
      "null",
      "\t",
      "\\",
      "%YAML 1.2\n",
      "? ",
    ),
    { maxLength: 200 },
  )
  .map((parts) => parts.join(""));

const anyText = fc.oneof(fc.string({ maxLength: 500 }), decodedBytes, yamlish);

function depthOf(value: unknown): number {
  if (Array.isArray(value)) return 1 + Math.max(0, ...value.map(depthOf));
  if (value !== null && typeof value === "object")
    return 1 + Math.max(0, ...Object.values(value).map(depthOf));
  return 0;
}

describe("loaders never throw", () => {
  it("loadYaml returns a model or a reason for any text (property)", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const result = loadYaml(text);
        if (!result.ok) expect(result.reason).toMatch(/^(invalid YAML|nesting deeper)/);
      }),
      { numRuns: 500 },
    );
  });

  it("loadJson returns a model or a reason for any text (property)", () => {
    fc.assert(
      fc.property(fc.oneof(anyText, fc.json()), (text) => {
        const result = loadJson(text);
        if (!result.ok) expect(result.reason).toMatch(/^(invalid JSON|nesting deeper)/);
      }),
      { numRuns: 500 },
    );
  });

  it("loadJson reads every JSON value with positions (property)", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), (value) => {
        const text = JSON.stringify(value, null, 2);
        const result = loadJson(text);
        expect(result.ok).toBe(true);
        if (result.ok) expect(result.model.value).toEqual(JSON.parse(text));
      }),
    );
  });
});

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

  it("refuses deep flow and block nesting before the parser sees it", () => {
    const deepFlow = `${"[".repeat(5000)}${"]".repeat(5000)}`;
    const deepBlock = Array.from({ length: 1000 }, (_, level) => `${" ".repeat(level)}a:`).join("\n");
    const deepSequence = `${"- ".repeat(400)}x`;
    for (const text of [deepFlow, deepBlock, deepSequence]) {
      expect(nestingDepth(text)).toBeGreaterThan(MAX_NESTING_DEPTH);
      expect(loadYaml(text)).toEqual({
        ok: false,
        reason: `nesting deeper than ${MAX_NESTING_DEPTH} levels`,
      });
    }
    expect(loadJson(deepFlow)).toEqual({
      ok: false,
      reason: `nesting deeper than ${MAX_NESTING_DEPTH} levels`,
    });
    // brackets inside strings and comments are not structure
    expect(nestingDepth(`a: "${"[".repeat(500)}"\nb: '${"{".repeat(500)}'\n# ${"[".repeat(500)}\n`)).toBe(1);
  });
});

describe("loadYaml", () => {
  it("keeps positions, drops comment-only documents and refuses duplicate keys", () => {
    const result = loadYaml("# only a comment\n---\napiVersion: v1\nkind: Pod\n");
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.model.documents).toHaveLength(1);
    const contents = result.model.documents[0]!.contents as { items: { key: { range: number[] } }[] };
    expect(positionOf(result.model.lineCounter, contents.items[1]!.key.range[0]!)).toEqual({
      line: 4,
      column: 1,
    });
    expect(loadYaml("a: 1\na: 2\n")).toMatchObject({ ok: false, reason: expect.stringContaining("line 2") });
    expect(loadYaml("")).toEqual({ ok: true, model: { documents: [], lineCounter: expect.anything() } });
  });
});
