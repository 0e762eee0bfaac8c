import { describe, expect, it } from "vitest";
import type { Finding } from "./finding.ts";
import {
  applyConfigSuppressions,
  applyInlineSuppressions,
  extractSuppressions,
  suppressionProblems,
} from "./suppress.ts";

function finding(ruleId: string, path: string, line: number): Finding {
  return {
    ruleId,
    analyzer: ruleId.split("/")[0]!,
    severity: "high",
    confidence: "high",
    message: "m",
    location: { path, line, column: 1, snippet: "" },
    related: [],
    fingerprint: "f",
  };
}

describe("inline suppressions", () => {
  it("are read in every comment syntax, on the line or alone on the line above", () => {
    const text = [
      "# rampart:ignore k8s/privileged-container needed for the CNI plugin", // 1 -> 2
      "privileged: true",
      'resource "x" "y" { // rampart:ignore terraform/a,terraform/b legacy, tracked in JIRA-1', // 3 -> 3
      "/* rampart:ignore sql/x reviewed */", // 4 -> 6 (skips the stacked directive)
      "<!-- rampart:ignore html/y -->", // 5 -> 6, no reason
      "target",
      "-- rampart:ignore", // 7 -> 8, no rule
      "select 1;",
    ].join("\n");
    expect(extractSuppressions(text)).toEqual([
      { line: 1, target: 2, ruleIds: ["k8s/privileged-container"], reason: "needed for the CNI plugin" },
      { line: 3, target: 3, ruleIds: ["terraform/a", "terraform/b"], reason: "legacy, tracked in JIRA-1" },
      { line: 4, target: 6, ruleIds: ["sql/x"], reason: "reviewed" },
      { line: 5, target: 6, ruleIds: ["html/y"], reason: "" },
      { line: 7, target: 8, ruleIds: [], reason: "" },
    ]);
  });

  it("mark covered findings, skip those without a reason, and report the bad ones", () => {
    const suppressions = extractSuppressions("# rampart:ignore a/b why not\nx\n# rampart:ignore a/c\ny\n");
    const findings = [finding("a/b", "f", 2), finding("a/c", "f", 4), finding("a/b", "g", 2)];
    applyInlineSuppressions(findings, new Map([["f", suppressions]]));
    expect(findings.map((item) => item.suppression ?? null)).toEqual([
      { kind: "inline", reason: "why not", source: "f:1" },
      null,
      null,
    ]);
    const problems = suppressionProblems("f", suppressions, () => "# rampart:ignore a/c");
    expect(problems.map((problem) => [problem.ruleId, problem.location.line])).toEqual([
      ["rampart/suppression-without-reason", 3],
    ]);
  });
});

describe("config suppressions", () => {
  it("match rule and gitignore-style paths", () => {
    const findings = [
      finding("a/b", "test/x.tf", 1),
      finding("a/b", "main.tf", 1),
      finding("a/c", "test/y.tf", 1),
    ];
    applyConfigSuppressions(findings, [
      { rule: "a/b", paths: ["test/"], reason: "fixtures", source: ".rampart.yaml" },
    ]);
    expect(findings.map((item) => item.suppression?.kind ?? null)).toEqual(["config", null, null]);
  });
});
