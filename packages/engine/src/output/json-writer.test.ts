import { describe, expect, it } from "vitest";
import { writeJsonDocument } from "./json-writer.ts";

function written(
  document: unknown,
  placeholder: unknown[],
  items: Iterable<unknown>,
): { text: string; pieces: number } {
  const pieces: string[] = [];
  writeJsonDocument(document, placeholder, items, (text) => pieces.push(text));
  return { text: pieces.join(""), pieces: pieces.length };
}

describe("writeJsonDocument", () => {
  it("matches JSON.stringify with two spaces for an empty, a flat and a nested array", () => {
    for (const items of [[], [1, "two", null], [{ a: { b: [1, { c: "line\nbreak" }] }, d: [] }, { e: {} }]]) {
      const top = { version: 1, list: ["x"], nested: { deep: { items } } };
      expect(written(top, items, items).text).toBe(`${JSON.stringify(top, null, 2)}\n`);
      const inArray = { runs: [{ tool: "t", results: items }] };
      expect(written(inArray, items, items).text).toBe(`${JSON.stringify(inArray, null, 2)}\n`);
    }
  });

  it("writes the items it is given in place of the placeholder, in pieces", () => {
    const items = Array.from({ length: 20_000 }, (_, index) => ({ index, text: `finding ${index}` }));
    const placeholder: unknown[] = [];
    const result = written(
      { name: "a \u0000items\u0000 name", findings: placeholder },
      placeholder,
      items.values(),
    );
    expect(result.text).toBe(
      `${JSON.stringify({ name: "a \u0000items\u0000 name", findings: items }, null, 2)}\n`,
    );
    expect(result.pieces).toBeGreaterThan(1);
  });

  it("indents batches of items at any depth, the document itself included", () => {
    const items = Array.from({ length: 1_000 }, (_, index) => ({
      index,
      list: [index, { empty: {} }],
      none: [],
    }));
    expect(written(items, items, items).text).toBe(`${JSON.stringify(items, null, 2)}\n`);
    const deep = { a: [{ b: { c: [items] } }] };
    expect(written(deep, items, items).text).toBe(`${JSON.stringify(deep, null, 2)}\n`);
  });

  it("refuses a document without the placeholder", () => {
    expect(() => written({ findings: [] }, [], [])).toThrow(/placeholder/);
  });
});
