// The GitHub Actions analyzer on its own: every rule's fixtures, fixes that apply cleanly, exact
// lines inside block scalars, and a parser that never throws.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { withCpuTime } from "../../../test/cpu-time.ts";
import {
  applyTextEdits,
  checkRuleFixtures,
  loadFixtureFolder,
  runRuleOnFiles,
} from "../../../test/fixture-harness.ts";
import type { Report } from "../../rule.ts";
import { SourceFile } from "../../source.ts";
import { ciAnalyzer } from "./analyzer.ts";
import { parseWorkflow } from "./model.ts";
import { missingPermissions } from "./rules/missing-permissions.ts";
import { persistedCheckoutCredentials } from "./rules/persisted-checkout-credentials.ts";
import { templateInjection } from "./rules/template-injection.ts";
import { unpinnedActionRule } from "./rules/unpinned-action.ts";

const here = dirname(fileURLToPath(import.meta.url));

function run(rule: typeof templateInjection, text: string): { reports: Report[]; file: SourceFile } {
  const file = new SourceFile(".github/workflows/x.yml", text);
  const result = parseWorkflow(file);
  if (!result.ok) throw new Error(result.reason);
  const reports: Report[] = [];
  rule.check({ model: result.model, file, report: (report) => reports.push(report) });
  return { reports, file };
}

function applyFix(text: string, report: Report): string {
  return applyTextEdits(text, report.fix?.edits ?? []);
}

describe("ci fixtures", () => {
  for (const rule of ciAnalyzer.rules) {
    it(rule.id, () => {
      expect(checkRuleFixtures(ciAnalyzer, here, rule).errors).toEqual([]);
    });
  }
});

// Real-world-style workflows written the safe way (pinned, least privilege, env indirection,
// trusted publishing, concurrency): every ci rule must stay silent on them.
describe("clean workflows", () => {
  const { files } = loadFixtureFolder(join(here, "fixtures", "clean-workflows"));
  it("has files of every kind the analyzer reads", () => {
    expect(files.map((file) => file.path)).toEqual(
      expect.arrayContaining([".github/dependabot.yml", ".github/actions/setup/action.yml"]),
    );
    expect(files.length).toBeGreaterThanOrEqual(7);
  });
  for (const rule of ciAnalyzer.rules) {
    it(`${rule.id} finds nothing`, () => {
      const run = runRuleOnFiles(ciAnalyzer, rule, files);
      expect(run.problems).toEqual([]);
      expect(
        run.findings.map((finding) => `${finding.location.path}:${finding.location.line} ${finding.message}`),
      ).toEqual([]);
    });
  }
});

describe("positions", () => {
  it("maps expressions in literal and folded block scalars to their own line", () => {
    const text = [
      "on: issues",
      "jobs:",
      "  a:",
      "    runs-on: ubuntu-latest",
      "    steps:",
      "      - run: |",
      "          echo start",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: GitHub Actions ${{ }} expression syntax, not a JS template
      '          echo "${{ github.event.issue.title }}"',
      "      - run: >",
      "          echo one",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: GitHub Actions ${{ }} expression syntax, not a JS template
      "          ${{ github.event.issue.body }}",
      "",
    ].join("\n");
    const { reports } = run(templateInjection, text);
    expect(reports.map((r) => [r.at.line, r.at.column])).toEqual([
      [8, 17],
      [11, 11],
    ]);
  });
});

describe("fixes", () => {
  it("inserts a read-only permissions block after on:", () => {
    const text =
      "name: ci\non:\n  push:\n    branches: [main]\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: make\n";
    const { reports } = run(missingPermissions, text);
    const fixed = applyFix(text, reports[0]!);
    expect(parse(fixed).permissions).toEqual({ contents: "read" });
    expect(run(missingPermissions, fixed).reports).toEqual([]);
  });

  it("keeps a commented-out trigger under on: and a comment on the next key above it", () => {
    const text =
      "on:\n  push:\n  # pull_request:\n\n# the build\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: make\n";
    const fixed = applyFix(text, run(missingPermissions, text).reports[0]!);
    expect(fixed).toContain("  # pull_request:\npermissions:\n  contents: read\n\n# the build\njobs:");
  });

  it("adds persist-credentials: false to a checkout with and without a with: block", () => {
    const text = [
      "on: push",
      "jobs:",
      "  a:",
      "    runs-on: ubuntu-latest",
      "    steps:",
      "      - uses: actions/checkout@v4 # v4",
      "      - name: second",
      "        uses: actions/checkout@v4",
      "        with:",
      "          fetch-depth: 0",
      "      - run: make",
      "",
    ].join("\n");
    let fixed = text;
    for (;;) {
      const { reports } = run(persistedCheckoutCredentials, fixed);
      if (reports.length === 0) break;
      fixed = applyFix(fixed, reports[0]!);
    }
    const steps = parse(fixed).jobs.a.steps;
    expect(steps[0].with).toEqual({ "persist-credentials": false });
    expect(steps[1].with).toEqual({ "persist-credentials": false, "fetch-depth": 0 });
  });
});

describe("pinning with a mapping", () => {
  const sha = "c47758b77c9736f4b2ef4073d4d51994fabfe349";
  const rule = unpinnedActionRule({
    pins: { "docker/setup-buildx-action@v3": sha, "bad/sha@v1": "not-a-sha" },
  });

  it("replaces the ref of plain and quoted values, and leaves unmapped ones alone", () => {
    const text = [
      "on: push",
      "jobs:",
      "  a:",
      "    runs-on: ubuntu-latest",
      "    steps:",
      "      - uses: docker/setup-buildx-action@v3",
      '      - uses: "docker/setup-buildx-action@v3"',
      "      - uses: bad/sha@v1",
      "",
    ].join("\n");
    const { reports } = run(rule, text);
    expect(reports.map((r) => Boolean(r.fix))).toEqual([true, true, false]);
    const fixed = reports.reduceRight((acc, report) => (report.fix ? applyFix(acc, report) : acc), text);
    const steps = parse(fixed).jobs.a.steps;
    expect(steps[0].uses).toBe(`docker/setup-buildx-action@${sha}`);
    expect(steps[1].uses).toBe(`docker/setup-buildx-action@${sha}`);
    expect(fixed).toContain(`@${sha} # v3\n`);
    expect(rule.fixable).toBe(true);
  });
});

describe("hostile input", () => {
  // each of these took seconds to minutes with quadratic regexes; linear code does them in milliseconds
  const cases: Record<string, string> = {
    "unclosed expressions": "${{ ".repeat(8_000),
    "downloads never piped": "curl ".repeat(1_999),
    "a context chain": `\${{ ${"github.".repeat(1_400)}x['y'] }}`,
  };
  for (const [name, line] of Object.entries(cases)) {
    it(`stays fast on ${name}`, () => {
      const body = Array.from({ length: 50 }, () => `          ${line}`).join("\n");
      const text = `on: pull_request\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: |\n${body}\n`;
      const file = new SourceFile(".github/workflows/x.yml", text);
      const { cpuMs } = withCpuTime(() => {
        const result = parseWorkflow(file);
        if (result.ok)
          for (const rule of ciAnalyzer.rules) rule.check({ model: result.model, file, report: () => {} });
      });
      expect(cpuMs).toBeLessThan(5_000);
    });
  }

  it("stays fast when every variable, output and job output refers to all the others", () => {
    const names = Array.from({ length: 40 }, (_, index) => `V${index}`);
    const all = names.map((name) => `$${name} \${{ env.${name} }} \${{ steps.s.outputs.${name} }}`).join(" ");
    const writer = names.map((name) => `          echo "${name}=${all}" >> "$GITHUB_ENV"`).join("\n");
    const outputs = names
      .map((name) => `      ${name}: \${{ needs.a.outputs.${name} }} \${{ env.${name} }}`)
      .join("\n");
    const step = `      - id: s\n        run: |\n${writer}\n${writer.replaceAll("GITHUB_ENV", "GITHUB_OUTPUT")}\n`;
    const text = [
      "on: issues",
      "jobs:",
      "  a:",
      "    runs-on: ubuntu-latest",
      "    outputs:",
      outputs,
      "    steps:",
      step.repeat(3),
      // biome-ignore lint/suspicious/noTemplateCurlyInString: GitHub Actions ${{ }} expression syntax, not a JS template
      '      - run: echo "${{ needs.a.outputs.V1 }} ${{ env.V2 }} ${{ steps.s.outputs.V3 }}"',
      "",
    ].join("\n");
    const file = new SourceFile(".github/workflows/x.yml", text);
    const { value: result, cpuMs } = withCpuTime(() => {
      const result = parseWorkflow(file);
      if (result.ok)
        for (const rule of ciAnalyzer.rules) rule.check({ model: result.model, file, report: () => {} });
      return result;
    });
    expect(result.ok).toBe(true);
    expect(cpuMs).toBeLessThan(5_000);
  });
});

describe("parseWorkflow", () => {
  const pieces = fc.constantFrom(
    "on: ",
    "jobs:",
    "\n",
    "  ",
    "    steps:",
    "- ",
    "uses: ",
    "run: |",
    "run: >",
    "${{ ",
    " }}",
    "github.event.issue.title",
    "permissions:",
    "write-all",
    "with:",
    "actions/checkout@v4",
    "&a",
    "*a",
    "[",
    "]",
    "{",
    "}",
    ":",
    "'",
    '"',
    "#",
    "updates:",
    "package-ecosystem: npm",
    "cooldown:",
    "id: x",
    "env:",
    "B: ",
    "if: ",
    "|| true",
    'echo "a=$B" >> $GITHUB_OUTPUT',
    "steps.x.outputs.a",
    "env.B",
    "secrets[",
    "curl x | sh",
    "pip install a",
    " # v4.2.2",
    "tj-actions/changed-files@v45",
  );
  it("never throws on random input", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.array(pieces).map((parts) => parts.join("")),
        ),
        fc.constantFrom("w.yml", ".github/dependabot.yml"),
        (text, path) => {
          const file = new SourceFile(path, text);
          const result = parseWorkflow(file);
          if (result.ok)
            for (const rule of ciAnalyzer.rules) rule.check({ model: result.model, file, report: () => {} });
        },
      ),
      { numRuns: 300 },
    );
  });
});
