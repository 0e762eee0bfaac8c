// Every fix the Dockerfile rules attach, applied to the rule's own fixtures, removes exactly the
// findings it was attached to and leaves a file that still parses.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadFixtureFolder } from "../../../test/fixture-harness.ts";
import type { FileRule, Report } from "../../rule.ts";
import { ruleName } from "../../rule.ts";
import { SourceFile } from "../../source.ts";
import { dockerfileAnalyzer } from "./analyzer.ts";
import type { DockerfileModel } from "./model.ts";

const here = dirname(fileURLToPath(import.meta.url));

function findings(rule: FileRule<DockerfileModel>, text: string): Report[] {
  const file = new SourceFile("Dockerfile", text);
  const result = dockerfileAnalyzer.parse(file);
  if (!result.ok) throw new Error(result.reason);
  const reports: Report[] = [];
  rule.check({ model: result.model, file, report: (report) => reports.push(report) });
  return reports;
}

function applyFixes(text: string, reports: readonly Report[]): string {
  const edits = reports.flatMap((report) => report.fix?.edits ?? []).sort((a, b) => b.start - a.start);
  let bytes = Buffer.from(text, "utf8");
  for (const edit of edits) {
    bytes = Buffer.concat([
      bytes.subarray(0, edit.start),
      Buffer.from(edit.text, "utf8"),
      bytes.subarray(edit.end),
    ]);
  }
  return bytes.toString("utf8");
}

describe("dockerfile fixes", () => {
  for (const rule of dockerfileAnalyzer.rules.filter((candidate) => candidate.fixable)) {
    it(rule.id, () => {
      const { files } = loadFixtureFolder(join(here, "fixtures", ruleName(rule.id)));
      let fixed = 0;
      for (const fixture of files) {
        const before = findings(rule, fixture.text);
        const withFix = before.filter((report) => report.fix);
        if (withFix.length === 0) continue;
        const after = findings(rule, applyFixes(fixture.text, withFix));
        expect(after.length, fixture.path).toBe(before.length - withFix.length);
        fixed += withFix.length;
      }
      expect(fixed).toBeGreaterThan(0);
    });
  }
});
