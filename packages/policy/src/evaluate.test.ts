import { describe, expect, it } from "vitest";
import { listControls } from "./controls.ts";
import {
  type AnalyzerEvidence,
  type ControlResult,
  compliancePercentage,
  controlStatus,
  controlVerdicts,
  evaluateFramework,
  evaluateRequirements,
  mergeControlResults,
  requirementStatus,
} from "./evaluate.ts";
import { FRAMEWORK_IDS, frameworkRequirements } from "./frameworks.ts";

const result = (
  code: string,
  analyzersEvidenced: AnalyzerEvidence,
  failures = 0,
  passes = 1,
): ControlResult => ({
  code,
  analyzersEvidenced,
  failures,
  passes,
});

describe("controlStatus", () => {
  it("passes only when the analyzers succeeded and nothing failed", () => {
    expect(controlStatus(result("X", "succeeded"))).toBe("pass");
  });

  it("fails on any failure, whatever the analyzers' state", () => {
    for (const evidence of ["succeeded", "partial", "failed", "not-run"] as const) {
      expect(controlStatus(result("X", evidence, 1)), evidence).toBe("fail");
    }
  });

  it("is not evaluated when an analyzer was partial, failed or did not run, or no result exists", () => {
    expect(controlStatus(result("X", "partial"))).toBe("unknown");
    expect(controlStatus(result("X", "failed"))).toBe("unknown");
    expect(controlStatus(result("X", "not-run", 0, 0))).toBe("unknown");
    expect(controlStatus(undefined)).toBe("unknown");
  });

  it("treats a successful run with no checks as a pass, unless checks are required", () => {
    expect(controlStatus(result("X", "succeeded", 0, 0))).toBe("pass");
    expect(controlStatus(result("X", "succeeded", 0, 0), { requireChecks: true })).toBe("unknown");
    expect(controlStatus(result("X", "succeeded", 0, 3), { requireChecks: true })).toBe("pass");
  });
});

describe("requirementStatus", () => {
  it("is unknown with no mapped control (Untested, never pass)", () => {
    expect(requirementStatus([])).toBe("unknown");
  });
  it("fails when any control failed, even if others were not evaluated", () => {
    expect(requirementStatus(["pass", "unknown", "fail"])).toBe("fail");
  });
  it("is unknown when any control was not evaluated and none failed", () => {
    expect(requirementStatus(["pass", "unknown"])).toBe("unknown");
  });
  it("passes when every control passed", () => {
    expect(requirementStatus(["pass", "pass"])).toBe("pass");
  });
});

describe("mergeControlResults", () => {
  it("adds counts and keeps the weakest evidence of the repositories that had something to check", () => {
    const merged = mergeControlResults([
      result("A", "succeeded", 0, 2),
      result("A", "partial", 1, 3),
      result("B", "succeeded", 0, 1),
      result("B", "not-run", 0, 0),
      result("B", "failed", 0, 0),
      result("C", "succeeded", 0, 1),
      result("C", "not-run", 0, 0),
      result("D", "not-run", 0, 0),
      result("D", "not-run", 0, 0),
    ]);
    expect(merged.get("A")).toEqual(result("A", "partial", 1, 5));
    expect(merged.get("B")).toEqual(result("B", "failed", 0, 1));
    // A repository with nothing of the control's kind neither helps nor hinders it.
    expect(merged.get("C")).toEqual(result("C", "succeeded", 0, 1));
    expect(merged.get("D")).toEqual(result("D", "not-run", 0, 0));
  });
});

describe("controlVerdicts", () => {
  it("decides each control once over every repository", () => {
    const verdicts = controlVerdicts([
      result("PASS", "succeeded", 0, 2),
      result("PASS", "not-run", 0, 0),
      result("BROKEN", "succeeded", 0, 4),
      result("BROKEN", "failed", 0, 0),
      result("HALF", "succeeded", 0, 4),
      result("HALF", "partial", 0, 1),
      result("FOUND", "failed", 1, 0),
      result("FOUND", "succeeded", 0, 3),
      result("NOTHING", "not-run", 0, 0),
    ]);
    expect(Object.fromEntries([...verdicts].map(([code, verdict]) => [code, verdict.status]))).toEqual({
      PASS: "pass",
      BROKEN: "unknown",
      HALF: "unknown",
      FOUND: "fail",
      NOTHING: "unknown",
    });
    expect(verdicts.get("FOUND")?.result).toEqual(result("FOUND", "failed", 1, 3));
  });
});

describe("compliancePercentage", () => {
  it("is passed / total × 100 rounded to one decimal", () => {
    expect(compliancePercentage(1, 3)).toBe(33.3);
    expect(compliancePercentage(2, 3)).toBe(66.7);
    expect(compliancePercentage(1, 16)).toBe(6.3);
    expect(compliancePercentage(10, 33)).toBe(30.3);
    expect(compliancePercentage(5, 5)).toBe(100);
    expect(compliancePercentage(0, 7)).toBe(0);
  });
  it("is 0 when there are no requirements", () => {
    expect(compliancePercentage(0, 0)).toBe(0);
  });
});

describe("evaluateRequirements", () => {
  const requirements = [
    { id: "R-PASS", title: "All mapped controls passed", controlCodes: ["A", "B"] },
    { id: "R-FAIL", title: "One mapped control failed", controlCodes: ["A", "C"] },
    { id: "R-PARTIAL", title: "A mapped control's analyzer was partial", controlCodes: ["A", "D"] },
    { id: "R-MISSING", title: "A mapped control has no result", controlCodes: ["B", "E"] },
    { id: "R-UNMAPPED", title: "Nothing mapped", controlCodes: [] },
  ];
  const results = [
    result("A", "succeeded", 0, 4),
    result("B", "succeeded", 0, 1),
    result("C", "succeeded", 2, 7),
    result("D", "partial", 0, 3),
    result("Z", "succeeded", 5, 0), // not mapped anywhere here: ignored
  ];
  const evaluated = evaluateRequirements(requirements, results, (code) => `Control ${code}`);

  it("gives one row per requirement with the spec's fields", () => {
    expect(evaluated.controls.map((row) => [row.frameworkControlCode, row.status, row.hasFinding])).toEqual([
      ["R-PASS", "pass", false],
      ["R-FAIL", "fail", true],
      ["R-PARTIAL", "unknown", false],
      ["R-MISSING", "unknown", false],
      ["R-UNMAPPED", "unknown", false],
    ]);
    expect(evaluated.controls[1]).toEqual({
      frameworkControlCode: "R-FAIL",
      isMapped: true,
      controlTitle: "One mapped control failed",
      controlCode: "A, C",
      status: "fail",
      hasFinding: true,
      controls: [
        { code: "A", title: "Control A", status: "pass", hasFinding: false },
        { code: "C", title: "Control C", status: "fail", hasFinding: true },
      ],
    });
    expect(evaluated.controls[4]).toMatchObject({ isMapped: false, controlCode: null, controls: [] });
  });

  it("summarises requirements: tested = passed + failed, the rest unknown", () => {
    expect(evaluated.compliance).toEqual({
      compliancePercentage: 20,
      totalControls: 5,
      testedControls: 2,
      passedControls: 1,
      failedControls: 1,
      unknownControls: 3,
    });
  });

  it("reports nothing as passing when no results are given", () => {
    const empty = evaluateRequirements(requirements, [], (code) => code);
    expect(empty.compliance).toMatchObject({
      compliancePercentage: 0,
      testedControls: 0,
      unknownControls: 5,
    });
  });
});

describe("evaluateFramework", () => {
  const allSucceeded = listControls().map((control) => result(control.code, "succeeded", 0, 1));

  it.each(FRAMEWORK_IDS)("%s: every mapped requirement passes when every control passed", (frameworkId) => {
    const response = evaluateFramework(frameworkId, allSucceeded);
    const requirements = frameworkRequirements(frameworkId);
    const mapped = requirements.filter((requirement) => requirement.controlCodes.length > 0).length;
    expect(response.framework.id).toBe(frameworkId);
    expect(response.controls).toHaveLength(requirements.length);
    expect(response.compliance).toEqual({
      compliancePercentage: compliancePercentage(mapped, requirements.length),
      totalControls: requirements.length,
      testedControls: mapped,
      passedControls: mapped,
      failedControls: 0,
      unknownControls: requirements.length - mapped,
    });
    for (const row of response.controls) expect(row.status).toBe(row.isMapped ? "pass" : "unknown");
  });

  it("fails every requirement a failing control maps to, and only those", () => {
    const results = allSucceeded.map((r) =>
      r.code === "IAC-ENC-01" ? result(r.code, "succeeded", 3, 1) : r,
    );
    const response = evaluateFramework("nist-800-53", results);
    const failed = response.controls
      .filter((row) => row.status === "fail")
      .map((row) => row.frameworkControlCode);
    expect(failed).toEqual(["SC-13", "SC-28", "SC-28(1)"]);
    const sc28 = response.controls.find((row) => row.frameworkControlCode === "SC-28");
    expect(sc28?.hasFinding).toBe(true);
    expect(sc28?.controls.find((control) => control.code === "IAC-ENC-01")?.title).toBe(
      "Object and file storage is encrypted at rest",
    );
  });

  it("leaves requirements untested when the evidencing analyzer did not succeed", () => {
    const results = allSucceeded.map((r) =>
      r.code.startsWith("SAST-") ? result(r.code, "failed", 0, 0) : r,
    );
    const response = evaluateFramework("soc2", results);
    expect(response.controls.find((row) => row.frameworkControlCode === "CC8.1")?.status).toBe("unknown");
    expect(response.controls.find((row) => row.frameworkControlCode === "CC6.7")?.status).toBe("unknown");
    expect(response.controls.find((row) => row.frameworkControlCode === "CC6.1")?.status).toBe("pass");
  });

  it("reports the SOC 2 score for a real-looking mix (11 of 33 criteria are mapped)", () => {
    const response = evaluateFramework("soc2", allSucceeded);
    expect(response.compliance.passedControls).toBe(11);
    expect(response.compliance.compliancePercentage).toBe(33.3);
  });
});
