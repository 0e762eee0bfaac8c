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
  return { analyzer, status, filesGiven: filesAnalyzed, filesAnalyzed, skipped: [] };
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
