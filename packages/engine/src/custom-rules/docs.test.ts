// The examples of docs/custom-rules.md are tested: each ```yaml block is a rule file, and the code
// blocks after it (```<language> file=<name>) are scanned with its rules; their `ruleid:`/`ok:`
// comments say which lines must and must not be reported. A ```yaml invalid block must fail to
// load with exactly the lines of the ```console block after it.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  compareWithAnnotations,
  type FixtureFile,
  parseInlineAnnotations,
  runRuleOnFiles,
} from "../../test/fixture-harness.ts";
import { allRules } from "../all-analyzers.ts";
import type { Analyzer } from "../analyzer.ts";
import { registerLanguages } from "../analyzers/sast/model.ts";
import { customAnalyzer } from "./analyzer.ts";
import { formatProblem, parseRuleText } from "./load.ts";

const DOC = join(import.meta.dirname, "../../../../docs/custom-rules.md");

interface Block {
  info: string;
  text: string;
}

/** Fenced code blocks in order, with their info string (`yaml`, `python file=app.py`). */
function codeBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  const fence = /^```([^\n`]*)\n([\s\S]*?)^```\s*$/gm;
  for (const match of markdown.matchAll(fence)) blocks.push({ info: match[1]!.trim(), text: match[2]! });
  return blocks;
}

interface Example {
  rules: Block;
  files: FixtureFile[];
  console?: string;
}

/** A rule file block and the blocks up to the next one. */
function examples(blocks: readonly Block[]): Example[] {
  const found: Example[] = [];
  for (const block of blocks) {
    const [language, ...attributes] = block.info.split(/\s+/);
    const file = attributes.find((attribute) => attribute.startsWith("file="))?.slice("file=".length);
    if (language === "yaml" && (file === undefined || attributes.includes("invalid"))) {
      found.push({ rules: block, files: [] });
      continue;
    }
    const current = found.at(-1);
    if (!current) continue;
    if (language === "console") current.console = block.text;
    else if (file)
      current.files.push({ path: file, text: block.text, annotations: parseInlineAnnotations(block.text) });
  }
  return found;
}

const knownControls = new Set(allRules().flatMap((rule) => rule.controls));

beforeAll(async () => {
  await registerLanguages();
});

describe("docs/custom-rules.md", () => {
  const all = examples(codeBlocks(readFileSync(DOC, "utf8")));

  it("has examples of every kind of rule, each with code that must and must not be reported", () => {
    const valid = all.filter((example) => !example.rules.info.includes("invalid"));
    expect(valid.length).toBeGreaterThanOrEqual(7);
    for (const example of valid) {
      const annotations = example.files.flatMap((file) => file.annotations);
      expect(
        annotations.some((annotation) => annotation.kind === "ruleid"),
        example.rules.text,
      ).toBe(true);
      expect(
        annotations.some((annotation) => annotation.kind === "ok"),
        example.rules.text,
      ).toBe(true);
    }
    const kinds = new Set(
      valid.flatMap((example) =>
        parseRuleText(example.rules.text, "doc.yaml").rules.map((rule) => rule.kind),
      ),
    );
    expect([...kinds].sort()).toEqual(["pattern", "resource", "taint"]);
  });

  all.forEach((example, index) => {
    const invalid = example.rules.info.includes("invalid");
    it(`example ${index + 1}${invalid ? " (invalid)" : ""} does what the page says`, () => {
      const file = /file=(\S+)/.exec(example.rules.info)?.[1] ?? "rules.yaml";
      const loaded = parseRuleText(example.rules.text, file);
      if (invalid) {
        expect(example.console, "an invalid example shows its errors").toBeDefined();
        const shown = example
          .console!.split("\n")
          .filter((line) => line.startsWith("rampart: "))
          .map((line) => line.slice("rampart: ".length));
        expect(loaded.problems.map(formatProblem)).toEqual(shown);
        return;
      }
      expect(loaded.problems.map(formatProblem)).toEqual([]);
      for (const definition of loaded.rules)
        for (const control of definition.rule.controls) expect(knownControls).toContain(control);
      const analyzer = customAnalyzer(loaded.rules) as Analyzer;
      for (const rule of analyzer.rules) {
        const run = runRuleOnFiles(analyzer, rule, example.files);
        expect(run.problems).toEqual([]);
        expect(compareWithAnnotations(rule.id, example.files, run.findings)).toEqual([]);
      }
    });
  });
});
