// Every registered analyzer's parser, fed random and mutated input (its own fixtures, cut, spliced
// and salted with noise): a file is always either parsed or skipped with a reason, never a throw.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { analyzers } from "../src/all-analyzers.ts";
import { analyzeFile } from "../src/analyze.ts";
import type { Analyzer } from "../src/analyzer.ts";
import { decodeText } from "../src/classify.ts";
import { SourceFile } from "../src/source.ts";
import { exampleAnalyzer } from "./example-analyzer/analyzer.ts";

const here = dirname(fileURLToPath(import.meta.url));

function fixtureTexts(dir: string): { name: string; text: string }[] {
  const out: { name: string; text: string }[] = [];
  const visit = (folder: string) => {
    let entries: string[];
    try {
      entries = readdirSync(folder);
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = join(folder, entry);
      if (statSync(full).isDirectory()) visit(full);
      else if (!entry.endsWith(".expect")) out.push({ name: entry, text: readFileSync(full, "utf8") });
    }
  };
  visit(join(dir, "fixtures"));
  return out;
}

const noise = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    "\u0000",
    "{",
    "}",
    "[",
    "]",
    '"',
    "'",
    "\n",
    "  ",
    "${",
    "<<EOF\n",
    "\\",
    ":",
    "- ",
    "\t",
    "#",
  ),
  fc
    .uint8Array({ maxLength: 64 })
    .map((bytes) => decodeText(bytes))
    .map((result) => (result.ok ? result.text : "")),
);

/** A fixture cut, spliced or salted at random places. */
function mutated(texts: readonly { name: string; text: string }[]) {
  return fc
    .record({
      source: fc.constantFrom(...texts),
      operation: fc.constantFrom("truncate", "insert", "delete", "duplicate", "replace-line"),
      at: fc.double({ min: 0, max: 1, noNaN: true }),
      length: fc.nat(200),
      noise,
    })
    .map(({ source, operation, at, length, noise: salt }) => {
      const text = source.text;
      const position = Math.floor(at * text.length);
      let result: string;
      if (operation === "truncate") result = text.slice(0, position);
      else if (operation === "insert") result = text.slice(0, position) + salt + text.slice(position);
      else if (operation === "delete") result = text.slice(0, position) + text.slice(position + length);
      else if (operation === "duplicate") result = text.slice(0, position + length) + text.slice(position);
      else {
        const lines = text.split("\n");
        lines[Math.floor(at * lines.length)] = salt;
        result = lines.join("\n");
      }
      return { name: source.name, text: result };
    });
}

function fuzz(analyzer: Analyzer, dir: string) {
  const texts = fixtureTexts(dir);
  const inputs =
    texts.length > 0
      ? fc.oneof(
          mutated(texts),
          noise.map((text) => ({ name: texts[0]!.name, text })),
        )
      : noise.map((text) => ({ name: "input", text }));
  fc.assert(
    fc.property(inputs, ({ name, text }) => {
      const result = analyzeFile(new SourceFile(name, text), analyzer.accepts, [analyzer]);
      expect(result.given).toEqual([analyzer.id]);
      const parsed = result.analyzed.length === 1;
      const parseProblems = result.problems.filter((problem) => !problem.reason.startsWith("rule "));
      // exactly one of: parsed into a model, or skipped with a reason
      expect(parsed !== parseProblems.length > 0).toBe(true);
      for (const problem of result.problems) expect(problem.reason).not.toMatch(/^parser crashed/);
    }),
    { numRuns: 300 },
  );
}

beforeAll(async () => {
  for (const analyzer of analyzers) await analyzer.prepare?.();
});

describe("parsers survive random input", () => {
  it("example analyzer (keeps this suite meaningful while the registry is small)", () => {
    fuzz(exampleAnalyzer, join(here, "example-analyzer"));
  });

  for (const analyzer of analyzers) {
    it(analyzer.id, () => fuzz(analyzer, join(here, "..", "src", "analyzers", analyzer.id)), 60_000);
  }
});
