// docs/data-flow.md promises what the taint engine finds and what it does not; this test holds it
// to that. Every fenced code block whose info string names a file (```python views.py) is scanned
// as that file, and its `ruleid:`/`ok:` comments must match the findings line by line, exactly as
// in a rule's fixtures (only the rules the block names are compared).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { compareWithAnnotations, parseInlineAnnotations } from "../../../test/fixture-harness.ts";
import { analyzeFile } from "../../analyze.ts";
import type { Analyzer } from "../../analyzer.ts";
import { classify } from "../../classify.ts";
import { SourceFile } from "../../source.ts";
import { sastAnalyzer } from "./analyzer.ts";

const DOC = join(import.meta.dirname, "../../../../../docs/data-flow.md");

/** Fenced blocks with a file name after the language: ```go handler.go */
function codeBlocks(markdown: string): { path: string; text: string; line: number }[] {
  const blocks: { path: string; text: string; line: number }[] = [];
  const fence = /^```[\w-]+[ \t]+([\w./-]+\.\w+)[ \t]*\n([\s\S]*?)^```[ \t]*$/gm;
  for (const match of markdown.matchAll(fence)) {
    blocks.push({
      path: match[1]!,
      text: match[2]!,
      line: markdown.slice(0, match.index).split("\n").length,
    });
  }
  return blocks;
}

beforeAll(async () => {
  await sastAnalyzer.prepare?.();
});

describe("docs/data-flow.md", () => {
  const blocks = codeBlocks(readFileSync(DOC, "utf8"));

  it("has tested examples in every language", () => {
    const extensions = new Set(blocks.map((block) => block.path.split(".").at(-1)));
    for (const extension of ["py", "js", "ts", "go", "java"]) expect(extensions).toContain(extension);
  });

  it("quotes the message of the views.py finding as the engine writes it", () => {
    const markdown = readFileSync(DOC, "utf8");
    const quoted = /The message reads "([^"]+)"/.exec(markdown)?.[1]?.replace(/\s+/g, " ");
    const block = blocks.find((candidate) => candidate.path === "views.py")!;
    const result = analyzeFile(new SourceFile(block.path, block.text), classify(block.path, block.text), [
      sastAnalyzer as Analyzer,
    ]);
    const messages = result.findings.filter((f) => f.ruleId === "sast/sql-injection").map((f) => f.message);
    expect(messages).toContain(quoted);
  });

  for (const block of blocks) {
    it(`${block.path} (line ${block.line}) finds what the text says`, () => {
      const annotations = parseInlineAnnotations(block.text);
      expect(annotations.length, "the example says what must and must not flag").toBeGreaterThan(0);
      const result = analyzeFile(new SourceFile(block.path, block.text), classify(block.path, block.text), [
        sastAnalyzer as Analyzer,
      ]);
      expect(result.problems).toEqual([]);
      const file = { path: block.path, text: block.text, annotations };
      const errors = [...new Set(annotations.map((annotation) => annotation.ruleId))].flatMap((ruleId) =>
        compareWithAnnotations(ruleId, [file], result.findings),
      );
      expect(errors).toEqual([]);
    });
  }
});
