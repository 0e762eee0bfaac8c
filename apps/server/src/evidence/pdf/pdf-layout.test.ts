import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { pdfText } from "../../../test/pdf-text.ts";
import { createPdfLayout, toWinAnsi, wrapText } from "./pdf-layout.ts";

describe("toWinAnsi", () => {
  it("keeps Latin-1 and WinAnsi signs, and replaces other characters and control characters", () => {
    const supported = new Set([..."abcd é—"].map((char) => char.codePointAt(0)!));
    expect(toWinAnsi("abc é—", supported)).toBe("abc é—");
    expect(toWinAnsi("a中b😀c", supported)).toBe("a?b?c");
    expect(toWinAnsi("a\tb\rc\nd", supported)).toBe("a b c\nd");
    expect(toWinAnsi("a → b", supported)).toBe("a -> b");
  });
});

describe("wrapText", () => {
  it("wraps at spaces within the width and cuts words longer than a line", async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    const lines = wrapText(`alpha beta gamma ${"x".repeat(80)}`, font, 10, 100);
    for (const line of lines) expect(font.widthOfTextAtSize(line, 10)).toBeLessThanOrEqual(100);
    expect(lines[0]).toBe("alpha beta gamma");
    expect(lines.slice(1).join("")).toBe("x".repeat(80));
    expect(wrapText("one\ntwo", font, 10, 100)).toEqual(["one", "two"]);
  });
});

describe("createPdfLayout", () => {
  it("writes a PDF whose text reads back, with page numbers on every page of a long table", async () => {
    const layout = await createPdfLayout({ title: "Test report", footer: "Rampart test" });
    layout.title("Test report", "subtitle here");
    layout.heading("Section");
    layout.paragraph("path/to/файл.ts has 中文");
    layout.paragraph("first line\nsecond line", { font: "mono" });
    layout.keyValues([["Head hash", "ab".repeat(32)]], "mono");
    layout.table(
      [
        { header: "Rule", width: 0.3 },
        { header: "Message", width: 0.7 },
      ],
      Array.from({ length: 120 }, (_, i) => [`rule-${i}`, `message ${i}`]),
    );
    const bytes = await layout.save();
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe("%PDF-");
    const { pageCount, lines } = await pdfText(bytes);
    expect(pageCount).toBeGreaterThan(1);
    expect(lines).toContain("Test report");
    expect(lines).toContain("path/to/????.ts has ??");
    expect(lines).toContain("ab".repeat(32));
    expect(lines).toEqual(expect.arrayContaining(["first line", "second line"]));
    expect(lines).toContain("rule-119");
    expect(lines).toContain(`Page ${pageCount} of ${pageCount}`);
    // The table header repeats on each page the table runs onto.
    expect(lines.filter((line) => line === "Message")).toHaveLength(pageCount);
  });
});
