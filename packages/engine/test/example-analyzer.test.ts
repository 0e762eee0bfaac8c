// The harness and the contract, exercised on the test-only example analyzer.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { analyzeFile } from "../src/analyze.ts";
import { SourceFile } from "../src/source.ts";
import { exampleAnalyzer } from "./example-analyzer/analyzer.ts";
import {
  checkRuleFixtures,
  compareWithAnnotations,
  parseExpectFile,
  parseInlineAnnotations,
} from "./fixture-harness.ts";
import { checkRegistry } from "./registry-check.ts";

const exampleDir = join(dirname(fileURLToPath(import.meta.url)), "example-analyzer");

describe("example analyzer", () => {
  it("is a consistent registry", () => {
    expect(checkRegistry([exampleAnalyzer], () => exampleDir)).toEqual([]);
  });

  for (const rule of [...exampleAnalyzer.rules, ...(exampleAnalyzer.project?.rules ?? [])]) {
    it(`passes the fixtures of ${rule.id}`, () => {
      const report = checkRuleFixtures(exampleAnalyzer, exampleDir, rule);
      expect(report.errors).toEqual([]);
      expect(report.mustFlag).toBeGreaterThan(0);
      expect(report.mustNotFlag).toBeGreaterThan(0);
    });
  }

  it("reports a parse failure as a problem, not a throw", () => {
    const result = analyzeFile(
      new SourceFile("bad.conf", "this is not a setting\n"),
      ["text"],
      [exampleAnalyzer],
    );
    expect(result.analyzed).toEqual([]);
    expect(result.problems).toEqual([
      { analyzer: "example", path: "bad.conf", reason: 'line 1: expected "key = value"' },
    ]);
  });

  it("turns a throwing rule into a problem and keeps the other rules' findings", () => {
    const throwing = {
      ...exampleAnalyzer.rules[0]!,
      id: "example/throws",
      check: () => {
        throw new Error("boom\nmore");
      },
    };
    const analyzer = { ...exampleAnalyzer, rules: [throwing, ...exampleAnalyzer.rules] };
    const result = analyzeFile(new SourceFile("a.conf", "password = x\n"), ["text"], [analyzer]);
    expect(result.problems).toEqual([
      { analyzer: "example", path: "a.conf", reason: "rule example/throws failed: boom" },
    ]);
    expect(result.findings.map((f) => f.ruleId)).toEqual(["example/hardcoded-password"]);
    expect(result.findings[0]!.location).toMatchObject({ line: 1, column: 12, snippet: "password = x" });
  });
});

describe("annotations", () => {
  it("apply to the next line that is not an annotation, in any comment syntax", () => {
    const text = ["# ruleid: a/b", "// ok: a/c, a/d", "target", "<!-- ok: a/b -->", "other"].join("\n");
    expect(parseInlineAnnotations(text)).toEqual([
      { kind: "ruleid", ruleId: "a/b", line: 3 },
      { kind: "ok", ruleId: "a/c", line: 3 },
      { kind: "ok", ruleId: "a/d", line: 3 },
      { kind: "ok", ruleId: "a/b", line: 5 },
    ]);
  });

  it("read .expect sidecars and report malformed lines", () => {
    const parsed = parseExpectFile("# JSON has no comments\n12: ruleid: a/b\n14: ok: a/b\nnonsense\n");
    expect(parsed.annotations).toEqual([
      { kind: "ruleid", ruleId: "a/b", line: 12 },
      { kind: "ok", ruleId: "a/b", line: 14 },
    ]);
    expect(parsed.errors).toHaveLength(1);
  });

  it("fail on a missed match, on an unannotated match and on a match at an ok line", () => {
    const files = [
      {
        path: "f",
        text: "",
        annotations: [
          { kind: "ruleid" as const, ruleId: "a/b", line: 2 },
          { kind: "ok" as const, ruleId: "a/b", line: 4 },
        ],
      },
    ];
    const at = (line: number) => ({
      ruleId: "a/b",
      message: "m",
      location: { path: "f", line, column: 1, snippet: "" },
    });
    expect(compareWithAnnotations("a/b", files, [at(2)])).toEqual([]);
    expect(compareWithAnnotations("a/b", files, [])).toEqual([
      "f:2: expected a/b to flag this line; it did not",
    ]);
    expect(compareWithAnnotations("a/b", files, [at(2), at(3)])).toEqual([
      "f:3: unannotated a/b finding (m)",
    ]);
    expect(compareWithAnnotations("a/b", files, [at(2), at(4)])).toEqual([
      'f:4: a/b flagged a line annotated "ok" (m)',
    ]);
  });
});
