import { describe, expect, it } from "vitest";
import { listControls } from "./controls.ts";
import {
  type AnalyzerEvidence,
  type ControlEvidence,
  ControlEvidenceSchema,
  type ControlResult,
  combineOutcomes,
  compliancePercentage,
  controlStatus,
  controlVerdicts,
  type EvidenceItem,
  evaluateFramework,
  evaluateRequirements,
  evidenceOutcome,
  mergeControlResults,
  requirementStatus,
  testsOutcome,
} from "./evaluate.ts";
import type { EvidenceSpec } from "./evidence-specs.ts";
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

describe("testsOutcome", () => {
  it("tells not applicable (nothing of its kind in scope) from incomplete (should have been tested)", () => {
    expect(testsOutcome(result("X", "not-run", 0, 0))).toEqual({
      status: "unknown",
      unknownReason: "not-applicable",
    });
    expect(testsOutcome(result("X", "succeeded", 0, 0), { requireChecks: true })).toEqual({
      status: "unknown",
      unknownReason: "not-applicable",
    });
    for (const evidence of ["partial", "failed"] as const)
      expect(testsOutcome(result("X", evidence))).toEqual({ status: "unknown", unknownReason: "incomplete" });
    expect(testsOutcome(undefined)).toEqual({ status: "unknown", unknownReason: "incomplete" });
    expect(testsOutcome(result("X", "succeeded"))).toEqual({ status: "pass", unknownReason: null });
    expect(testsOutcome(result("X", "partial", 2))).toEqual({ status: "fail", unknownReason: null });
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
  const notApplicable = { status: "unknown", unknownReason: "not-applicable" } as const;
  const incomplete = { status: "unknown", unknownReason: "incomplete" } as const;
  const pass = { status: "pass", unknownReason: null } as const;
  const fail = { status: "fail", unknownReason: null } as const;
  it("passes with one pass and the rest not applicable", () => {
    expect(requirementStatus([pass, notApplicable, notApplicable])).toBe("pass");
  });
  it("is Untested when every mapped control is not applicable", () => {
    expect(requirementStatus([notApplicable, notApplicable])).toBe("unknown");
  });
  it("is unknown when a control is incomplete, even beside passes and not-applicable ones", () => {
    expect(requirementStatus([pass, notApplicable, incomplete])).toBe("unknown");
  });
  it("fails when a control fails, whatever the others", () => {
    expect(requirementStatus([incomplete, notApplicable, fail, pass])).toBe("fail");
  });
});

describe("combineOutcomes (a control's parts)", () => {
  const notApplicable = { status: "unknown", unknownReason: "not-applicable" } as const;
  const incomplete = { status: "unknown", unknownReason: "incomplete" } as const;
  const pass = { status: "pass", unknownReason: null } as const;
  const fail = { status: "fail", unknownReason: null } as const;
  it.each([
    [[pass, pass], pass],
    [[pass, fail], fail],
    [[incomplete, fail], fail],
    [[notApplicable, pass], notApplicable],
    [[pass, incomplete], incomplete],
    [[pass], pass],
    [[], incomplete],
  ])("%j gives %j", (parts, expected) => {
    expect(combineOutcomes(parts)).toEqual(expected);
  });
});

const NOW = new Date("2026-06-01T00:00:00Z");
const inDays = (days: number) => new Date(NOW.getTime() + days * 86_400_000).toISOString();
const spec = (key: string, cadence: EvidenceSpec["cadence"]): EvidenceSpec => ({
  key,
  title: `Title of ${key}`,
  description: "Something.",
  kind: "document",
  cadence,
});

describe("evidenceOutcome", () => {
  const specs = [spec("plan", "yearly"), spec("test", "quarterly")];
  const item = (
    key: string,
    state: EvidenceItem["state"],
    extra: Partial<EvidenceItem> = {},
  ): EvidenceItem => ({
    key,
    state,
    ...extra,
  });

  it("passes when every item is accepted and current", () => {
    const outcome = evidenceOutcome(
      "ORG-X-01",
      specs,
      [item("plan", "accepted"), item("test", "accepted", { validUntil: inDays(60) })],
      NOW,
    );
    expect(outcome).toEqual({ status: "pass", atRisk: false, missing: [] });
  });

  it.each(["missing", "submitted", "rejected", "expired"] as const)(
    "fails when an item is %s, and lists it with its owner",
    (state) => {
      const outcome = evidenceOutcome(
        "ORG-X-01",
        specs,
        [item("plan", "accepted"), item("test", state, { owner: "Dana" })],
        NOW,
      );
      expect(outcome.status).toBe("fail");
      expect(outcome.missing).toEqual([
        { controlCode: "ORG-X-01", evidenceKey: "test", title: "Title of test", state, owner: "Dana" },
      ]);
    },
  );

  it("counts an item with no entry as missing with no owner, and ignores keys it does not ask for", () => {
    const outcome = evidenceOutcome(
      "ORG-X-01",
      specs,
      [item("plan", "accepted"), item("old-key", "accepted")],
      NOW,
    );
    expect(outcome.missing).toEqual([
      { controlCode: "ORG-X-01", evidenceKey: "test", title: "Title of test", state: "missing", owner: null },
    ]);
  });

  it("treats accepted evidence past its validUntil as expired (the boundary included)", () => {
    for (const validUntil of [inDays(-1), NOW.toISOString()]) {
      const outcome = evidenceOutcome(
        "ORG-X-01",
        [spec("plan", "yearly")],
        [item("plan", "accepted", { validUntil })],
        NOW,
      );
      expect(outcome.status, validUntil).toBe("fail");
      expect(outcome.missing[0]?.state).toBe("expired");
    }
  });

  it("prefers current accepted evidence over a later rejected or pending entry for the same item", () => {
    const outcome = evidenceOutcome(
      "ORG-X-01",
      [spec("plan", "yearly")],
      [
        item("plan", "rejected"),
        item("plan", "accepted", { validUntil: inDays(100) }),
        item("plan", "submitted"),
      ],
      NOW,
    );
    expect(outcome.status).toBe("pass");
  });

  it.each([
    ["monthly", 7],
    ["quarterly", 14],
    ["yearly", 30],
  ] as const)("flags %s evidence at risk from %i days before it expires", (cadence, days) => {
    const at = (validUntil: string) =>
      evidenceOutcome("ORG-X-01", [spec("plan", cadence)], [item("plan", "accepted", { validUntil })], NOW);
    expect(at(inDays(days)).atRisk).toBe(true);
    expect(at(inDays(days)).status).toBe("pass");
    expect(at(inDays(days + 1)).atRisk).toBe(false);
    expect(at(inDays(1)).atRisk).toBe(true);
  });

  it("never flags evidence collected once, nor evidence without an expiry", () => {
    const once = evidenceOutcome(
      "ORG-X-01",
      [spec("plan", "once")],
      [item("plan", "accepted", { validUntil: inDays(1) })],
      NOW,
    );
    expect(once.atRisk).toBe(false);
    const open = evidenceOutcome("ORG-X-01", [spec("plan", "monthly")], [item("plan", "accepted")], NOW);
    expect(open).toEqual({ status: "pass", atRisk: false, missing: [] });
  });
});

describe("ControlEvidenceSchema", () => {
  it("accepts the documented shape", () => {
    const evidence: ControlEvidence = {
      code: "ORG-ACC-01",
      items: [
        {
          key: "rampart-access-review",
          state: "accepted",
          validUntil: "2026-09-30T00:00:00Z",
          owner: "Dana",
        },
        { key: "production-access-review", state: "submitted", owner: null },
      ],
    };
    expect(ControlEvidenceSchema.parse(evidence)).toEqual(evidence);
  });
  it.each([
    ["an unknown state", { code: "ORG-ACC-01", items: [{ key: "a", state: "approved" }] }],
    [
      "a repeated key",
      {
        code: "ORG-ACC-01",
        items: [
          { key: "a", state: "missing" },
          { key: "a", state: "accepted" },
        ],
      },
    ],
    [
      "a date that is not ISO",
      { code: "ORG-ACC-01", items: [{ key: "a", state: "accepted", validUntil: "next year" }] },
    ],
    ["an unknown field", { code: "ORG-ACC-01", items: [{ key: "a", state: "accepted", note: "x" }] }],
    [
      "too many items",
      {
        code: "ORG-ACC-01",
        items: Array.from({ length: 51 }, (_, i) => ({ key: `k-${i}`, state: "missing" })),
      },
    ],
  ])("rejects %s", (_name, value) => {
    expect(ControlEvidenceSchema.safeParse(value).success).toBe(false);
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
    const ofTestCodes = [...verdicts].filter(([code]) => !code.startsWith("ORG-"));
    expect(Object.fromEntries(ofTestCodes.map(([code, verdict]) => [code, verdict.status]))).toEqual({
      PASS: "pass",
      BROKEN: "unknown",
      HALF: "unknown",
      FOUND: "fail",
      NOTHING: "unknown",
    });
    expect(verdicts.get("FOUND")?.result).toEqual(result("FOUND", "failed", 1, 3));
    expect(verdicts.get("NOTHING")?.unknownReason).toBe("not-applicable");
    expect(verdicts.get("HALF")?.unknownReason).toBe("incomplete");
  });

  it("decides the tests part only without evidence input, as the dashboard's posture reads it", () => {
    const verdicts = controlVerdicts([result("IAC-ENC-01", "succeeded"), result("ORG-ACC-01", "succeeded")]);
    expect([...verdicts.keys()]).toEqual(["IAC-ENC-01"]);
    expect(verdicts.get("IAC-ENC-01")).toMatchObject({ status: "pass", evidence: null, missing: [] });
  });

  it("fails every evidence-only control when evidence is considered but none given", () => {
    const verdicts = controlVerdicts([], {}, []);
    const organizational = listControls().filter((control) => control.evidencedBy === "evidence");
    expect(organizational.length).toBeGreaterThan(0);
    for (const control of organizational) {
      const verdict = verdicts.get(control.code);
      expect(verdict?.status, control.code).toBe("fail");
      expect(verdict?.tests).toBeNull();
      expect(verdict?.missing.map((item) => item.evidenceKey)).toEqual(control.evidence.map((s) => s.key));
      expect(verdict?.missing.every((item) => item.state === "missing")).toBe(true);
    }
  });

  it("passes an evidence-only control on accepted evidence, never leaving it unknown", () => {
    const control = listControls().find((c) => c.code === "ORG-ACC-01");
    const accepted = [
      {
        code: "ORG-ACC-01",
        items: (control?.evidence ?? []).map((s) => ({ key: s.key, state: "accepted" as const })),
      },
    ];
    const verdict = controlVerdicts([result("ORG-ACC-01", "failed", 0, 0)], { now: NOW }, accepted).get(
      "ORG-ACC-01",
    );
    // A stray scanner result for an evidence-only control does not count: only evidence tests it.
    expect(verdict).toMatchObject({ status: "pass", unknownReason: null, atRisk: false, missing: [] });
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
      atRisk: false,
      missing: [],
      controls: [
        {
          code: "A",
          title: "Control A",
          status: "pass",
          hasFinding: false,
          unknownReason: null,
          atRisk: false,
        },
        {
          code: "C",
          title: "Control C",
          status: "fail",
          hasFinding: true,
          unknownReason: null,
          atRisk: false,
        },
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

describe("evaluateRequirements with not-applicable controls and evidence", () => {
  const requirements = [
    { id: "R-PASS-NA", title: "One pass, one not applicable", controlCodes: ["A", "N"] },
    { id: "R-ALL-NA", title: "Only not applicable", controlCodes: ["N"] },
    { id: "R-ORG", title: "An organizational control", controlCodes: ["A", "ORG-ACC-01"] },
  ];
  const results = [result("A", "succeeded", 0, 4), result("N", "not-run", 0, 0)];

  it("passes a requirement with a pass and a not-applicable control; leaves an all-not-applicable one Untested", () => {
    const evaluated = evaluateRequirements(requirements, results, (code) => code, { now: NOW });
    expect(evaluated.controls.map((row) => row.status)).toEqual(["pass", "unknown", "fail"]);
    expect(evaluated.controls[1]?.controls[0]?.unknownReason).toBe("not-applicable");
  });

  it("lists what is missing under the row, with owners, and flags rows at risk", () => {
    const evidence: ControlEvidence[] = [
      {
        code: "ORG-ACC-01",
        items: [
          { key: "rampart-access-review", state: "accepted", validUntil: inDays(10), owner: "Dana" },
          { key: "production-access-review", state: "submitted", owner: "Lee" },
        ],
      },
    ];
    const row = evaluateRequirements(requirements, results, (code) => code, { now: NOW }, evidence)
      .controls[2];
    expect(row?.status).toBe("fail");
    expect(row?.atRisk).toBe(true);
    expect(row?.missing).toEqual([
      {
        controlCode: "ORG-ACC-01",
        evidenceKey: "production-access-review",
        title: "Review of production and code host access",
        state: "submitted",
        owner: "Lee",
      },
    ]);
    const accepted = evidence.map((entry) => ({
      ...entry,
      items: entry.items.map((item) => ({ ...item, state: "accepted" as const, validUntil: inDays(60) })),
    }));
    const passing = evaluateRequirements(requirements, results, (code) => code, { now: NOW }, accepted)
      .controls[2];
    expect(passing).toMatchObject({ status: "pass", atRisk: false, missing: [] });
  });
});

/** Accepted, current evidence for every spec of every control. */
const allAccepted: ControlEvidence[] = listControls()
  .filter((control) => control.evidence.length > 0)
  .map((control) => ({
    code: control.code,
    items: control.evidence.map((s) => ({ key: s.key, state: "accepted" as const, validUntil: inDays(365) })),
  }));

describe("evaluateFramework", () => {
  const allSucceeded = listControls().map((control) => result(control.code, "succeeded", 0, 1));

  it.each(FRAMEWORK_IDS)("%s: every mapped requirement passes when every control passed", (frameworkId) => {
    const response = evaluateFramework(frameworkId, allSucceeded, { now: NOW }, allAccepted);
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
    for (const row of response.controls) {
      expect(row.status).toBe(row.isMapped ? "pass" : "unknown");
      expect(row.missing).toEqual([]);
    }
  });

  it("fails every requirement a failing control maps to, and only those", () => {
    const results = allSucceeded.map((r) =>
      r.code === "IAC-ENC-01" ? result(r.code, "succeeded", 3, 1) : r,
    );
    const response = evaluateFramework("nist-800-53", results, { now: NOW }, allAccepted);
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
    const response = evaluateFramework("soc2", results, { now: NOW }, allAccepted);
    expect(response.controls.find((row) => row.frameworkControlCode === "CC8.1")?.status).toBe("unknown");
    expect(response.controls.find((row) => row.frameworkControlCode === "CC6.7")?.status).toBe("unknown");
    expect(response.controls.find((row) => row.frameworkControlCode === "CC6.1")?.status).toBe("pass");
  });

  it("can reach 100 % of SOC 2 once scans succeed and every evidence item is accepted", () => {
    const response = evaluateFramework("soc2", allSucceeded, { now: NOW }, allAccepted);
    expect(response.compliance.passedControls).toBe(33);
    expect(response.compliance.compliancePercentage).toBe(100);
  });

  it("without evidence, passes only the SOC 2 criteria that no organizational control maps to", () => {
    const response = evaluateFramework("soc2", allSucceeded);
    // CC6.6 is the one criterion evidenced by scans alone; every other one needs evidence too.
    expect(
      response.controls.filter((row) => row.status === "pass").map((row) => row.frameworkControlCode),
    ).toEqual(["CC6.6"]);
    expect(response.compliance).toMatchObject({
      passedControls: 1,
      failedControls: 32,
      compliancePercentage: 3,
    });
    const cc11 = response.controls.find((row) => row.frameworkControlCode === "CC1.1");
    expect(cc11?.missing.map((item) => `${item.controlCode}/${item.evidenceKey}/${item.state}`)).toEqual([
      "ORG-HR-01/code-of-conduct/missing",
      "ORG-HR-01/acceptable-use-acknowledgements/missing",
    ]);
  });
});
