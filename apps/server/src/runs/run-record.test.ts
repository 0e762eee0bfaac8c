import type { AnalyzerRun, RuleMeta } from "@rampart/engine";
import { listControls } from "@rampart/policy";
import { describe, expect, it } from "vitest";
import { buildRunRecord, combineEvidence } from "./run-record.ts";

const control = listControls()[0]!.code;

function rule(id: string): RuleMeta {
  const [analyzer] = id.split("/");
  return {
    id,
    analyzer: analyzer!,
    title: id,
    severity: "high",
    confidence: "high",
    lifecycle: "stable",
    controls: [control],
    docs: { summary: "", whyItMatters: "", remediation: "" },
  };
}

function analyzerRun(analyzer: string, filesAnalyzed: number, status: AnalyzerRun["status"]): AnalyzerRun {
  return { analyzer, status, filesGiven: filesAnalyzed, filesAnalyzed, busyMs: 0, skipped: [] };
}

function controlOf(analyzers: AnalyzerRun[]) {
  const rules = new Map([rule("terraform/a"), rule("cloudformation/b")].map((r) => [r.id, r]));
  const record = buildRunRecord({
    scan: { findings: [], analyzers, filesScanned: 3 },
    rules,
    waivers: [],
    identity: {
      tenantId: "t",
      repositoryId: "r",
      commitSha: "c",
      triggeredBy: "manual",
      createdAt: new Date(0),
      engineVersion: "0",
    },
    now: new Date(0),
  });
  return record.controls.find((entry) => entry.controlCode === control)!;
}

describe("control evidence", () => {
  it("counts a control as evidenced when one of its analyzers ran and the others had no files", () => {
    const result = controlOf([
      analyzerRun("terraform", 3, "succeeded"),
      analyzerRun("cloudformation", 0, "succeeded"),
    ]);
    expect(result).toMatchObject({ evidence: "succeeded", passes: 1 });
  });

  it("is not-run only when none of its analyzers had files", () => {
    expect(controlOf([analyzerRun("terraform", 0, "succeeded")]).evidence).toBe("not-run");
  });

  it("the weakest of the analyzers that ran wins", () => {
    expect(combineEvidence("succeeded", "partial")).toBe("partial");
    expect(combineEvidence("partial", "failed")).toBe("failed");
    expect(combineEvidence("not-run", "failed")).toBe("failed");
    expect(combineEvidence("succeeded", "not-run")).toBe("succeeded");
    expect(combineEvidence("not-run", "not-run")).toBe("not-run");
  });
});

describe("VEX at scan time", () => {
  it("skips a dependency finding a not_affected statement covers, keeps the outcome, and counts the others", () => {
    const finding = (cveId: string, fingerprint: string) => ({
      ruleId: "sca/vulnerable-dependency",
      analyzer: "sca",
      severity: "high" as const,
      confidence: "high" as const,
      message: `lodash 4.17.20 has ${cveId}`,
      location: { path: "package-lock.json", line: 3, column: 1, snippet: "" },
      related: [],
      fingerprint,
      properties: { cveId, aliases: [], advisoryIds: [], purl: "pkg:npm/lodash@4.17.20" },
    });
    const record = buildRunRecord({
      scan: {
        findings: [finding("CVE-2021-23337", "a"), finding("CVE-2020-28500", "b")],
        analyzers: [analyzerRun("sca", 1, "succeeded")],
        filesScanned: 1,
      },
      rules: new Map([["sca/vulnerable-dependency", rule("sca/vulnerable-dependency")]]),
      waivers: [],
      vex: [
        {
          vulnerabilityId: "CVE-2021-23337",
          aliases: [],
          purl: "pkg:npm/lodash",
          status: "not_affected",
          justification: "component_not_present",
          timestamp: "2026-01-01T00:00:00Z",
          author: "sec@example.test",
        },
      ],
      identity: {
        tenantId: "t",
        repositoryId: "r",
        commitSha: "c",
        triggeredBy: "manual",
        createdAt: new Date(0),
        engineVersion: "0",
      },
      now: new Date(0),
    });
    const [skipped, open] = record.findings;
    expect(skipped).toMatchObject({
      status: "skip",
      metadata: { vex: { status: "not_affected", justification: "component_not_present" } },
    });
    expect(open).toMatchObject({ status: "fail" });
    expect(open!.metadata.vex).toBeUndefined();
    expect(record.failedCount).toBe(1);
    expect(record.controls.find((entry) => entry.controlCode === control)?.failures).toBe(1);
  });
});
