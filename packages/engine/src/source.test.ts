// Byte offsets for fixes: counted per line now, they must equal the plain count from the file start.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SourceFile } from "./source.ts";

const plain = (text: string, index: number) => Buffer.byteLength(text.slice(0, index), "utf8");

describe("SourceFile.byteOffsetOfIndex", () => {
  it("equals the byte length of the text before the index, ASCII or not, in any order of asking", () => {
    const piece = fc.constantFrom("a", "\n", "\r\n", "é", "日本", "😀", " ", "=", "\n\n");
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 40 }),
        fc.array(fc.nat(200), { maxLength: 10 }),
        (parts, asks) => {
          const text = parts.join("");
          const file = new SourceFile("f.tf", text);
          for (const ask of asks) {
            const index = ask % (text.length + 1);
            expect(file.byteOffsetOfIndex(index)).toBe(plain(text, index));
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it("clamps indexes past the end", () => {
    const file = new SourceFile("f.tf", "é\nx");
    expect(file.byteOffsetOfIndex(99)).toBe(4);
    expect(file.byteOffsetOfIndex(-1)).toBe(0);
  });
});
