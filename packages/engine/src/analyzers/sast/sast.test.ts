import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { analyzeFile } from "../../analyze.ts";
import type { Analyzer } from "../../analyzer.ts";
import { classify } from "../../classify.ts";
import { SourceFile } from "../../source.ts";
import { sastAnalyzer } from "./analyzer.ts";
import { LANGUAGES, parseSource } from "./model.ts";
import { patternMatches } from "./patterns.ts";

const FIXTURES = join(import.meta.dirname, "fixtures");
const TAINT_RULES = [
  "sql-injection",
  "nosql-injection",
  "command-injection",
  "code-injection",
  "path-traversal",
  "ssrf",
  "open-redirect",
  "xss",
  "ldap-injection",
  "xpath-injection",
  "trust-boundary-violation",
];

function run(path: string, text: string, ruleId?: string) {
  const file = new SourceFile(path, text);
  return analyzeFile(
    file,
    classify(path, text),
    [sastAnalyzer as Analyzer],
    ruleId ? (id) => id === ruleId : undefined,
  );
}

beforeAll(async () => {
  await sastAnalyzer.prepare?.();
});

describe("taint paths", () => {
  // Each fixture marks the source of its first positive with a trailing `taint: source` comment:
  // the first finding must point at the sink below the first `ruleid:` and name that source line.
  for (const rule of TAINT_RULES) {
    for (const name of readdirSync(join(FIXTURES, rule))) {
      it(`${rule} in ${name}: the finding shows the source and sink lines`, () => {
        const text = readFileSync(join(FIXTURES, rule, name), "utf8");
        const lines = text.split("\n");
        const sourceLine = lines.findIndex((line) => /taint: source/.test(line)) + 1;
        const annotation = lines.findIndex((line) => line.includes(`ruleid: sast/${rule}`));
        expect(sourceLine, "fixture marks its source").toBeGreaterThan(0);
        expect(annotation, "fixture has a positive").toBeGreaterThanOrEqual(0);
        let sinkLine = annotation + 2;
        while (/^\s*(?:\/\/|#)\s*(?:ruleid|ok):/.test(lines[sinkLine - 1] ?? "")) sinkLine++;
        const result = run(name, text, `sast/${rule}`);
        expect(result.problems).toEqual([]);
        const finding = result.findings.find((candidate) => candidate.location.line === sinkLine);
        expect(finding, `a finding at line ${sinkLine}`).toBeDefined();
        expect(finding!.related[0]?.location.line).toBe(sourceLine);
        expect(finding!.message).toContain(`from line ${sourceLine}`);
      });
    }
  }
});

describe("parse", () => {
  it("skips files with syntax errors and says where", () => {
    const result = parseSource(new SourceFile("broken.py", "def f(:\n  return\n"));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(/^python syntax error at line 1/);
    const js = run("broken.js", "const x = ;\n");
    expect(js.problems.map((problem) => problem.reason)).toEqual([
      "javascript syntax error at line 1, column 9",
    ]);
  });

  it("never throws on random input (property)", () => {
    const names = fc.constantFrom("a.js", "a.ts", "a.tsx", "a.py", "a.go", "A.java");
    const code = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc
        .array(
          fc.constantFrom(
            "req.query.id",
            " + ",
            "(",
            ")",
            "{",
            "}",
            "db.query(",
            "exec(",
            "x = ",
            "\n",
            '"',
            "`${",
            "if not x in A: return\n",
            "request.args['a']",
            "os.Args[1]",
            'request.getParameter("a")',
            ";",
          ),
          { maxLength: 40 },
        )
        .map((parts) => parts.join("")),
    );
    fc.assert(
      fc.property(names, code, (name, text) => {
        const result = run(name, text);
        expect(result.problems.every((problem) => !/crashed|failed/.test(problem.reason))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe("rule data", () => {
  it("every pattern compiles in its grammar (ast-grep throws on unknown kinds)", () => {
    const samples = {
      javascript: "x",
      typescript: "x",
      tsx: "x",
      python: "x",
      go: "package m",
      java: "class A {}",
    };
    for (const [name, spec] of Object.entries(LANGUAGES)) {
      const parsed = parseSource(
        new SourceFile(
          `a.${{ javascript: "js", typescript: "ts", tsx: "tsx", python: "py", go: "go", java: "java" }[name]}`,
          samples[name as keyof typeof samples],
        ),
      );
      expect(parsed.ok, name).toBe(true);
      if (!parsed.ok) continue;
      const hazards = new Set(spec.patterns.map((pattern) => pattern.hazard));
      for (const hazard of hazards)
        expect(() => patternMatches(parsed.model, hazard), `${name} ${hazard}`).not.toThrow();
    }
  });
});
