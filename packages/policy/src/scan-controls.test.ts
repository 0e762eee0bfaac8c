// A scan with an analyzer left out, end to end through the engine (in-process, with a test
// registry that counts parse calls) and this package's reading of the report.

import { ruleCatalogue } from "@rampart/engine/all-analyzers";
import { planAnalyzers } from "@rampart/engine/analyzer-selection";
import { type ScanOptions, scan } from "@rampart/engine/scan";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  analyzers as countingAnalyzers,
  parseCalls,
  resetParseCalls,
} from "../../engine/test/counting-registry.ts";
import { makeTree, type TempTree } from "../../engine/test/temp-tree.ts";
import { controlStatus, testsOutcome } from "./evaluate.ts";
import { analyzerEvidence, scanControlResults } from "./scan-controls.ts";

const countingRegistry = new URL("../../engine/test/counting-registry.ts", import.meta.url).href;

let tree: TempTree | undefined;
beforeEach(() => resetParseCalls());
afterEach(() => tree?.remove());

function project(): TempTree {
  return makeTree({
    "a.conf": "db.password = hunter2\n# FIXME-SECURITY: rotate\n",
    "b.conf": "tls = on\n",
  });
}

async function scanWith(options: ScanOptions) {
  tree = project();
  return scan(tree.root, { registryUrl: countingRegistry, workers: 0, ...options });
}

/** The verdict of the one control only the marker analyzer evidences. */
function markerControl(result: Awaited<ReturnType<typeof scan>>) {
  const controls = scanControlResults(result, ruleCatalogue(countingAnalyzers));
  return testsOutcome(controls.find((control) => control.code === "IAC-BAK-01"));
}

describe("analyzers left with no rule to run", () => {
  it("runs both analyzers when nothing is left out, and the marker's control passes or fails on its findings", async () => {
    const result = await scanWith({});
    expect(parseCalls).toEqual({ example: 2, marker: 2 });
    expect(result.findings.map((finding) => finding.ruleId).sort()).toEqual([
      "example/hardcoded-password",
      "marker/security-fixme",
    ]);
    expect(markerControl(result).status).toBe("fail");
  });

  const cases: [string, ScanOptions, string][] = [
    [
      "by config (every rule disabled)",
      { disabledRules: ["marker/security-fixme"] },
      "every rule is disabled",
    ],
    [
      "by a severity filter no rule of it meets",
      { minSeverity: "high" },
      "no rule at or above severity high",
    ],
    ["by --analyzers", { analyzers: ["example"] }, "not among the analyzers asked for"],
  ];
  for (const [how, options, reason] of cases) {
    it(`does not parse, report or pass its controls when left out ${how}`, async () => {
      const result = await scanWith(options);
      expect(parseCalls.marker).toBeUndefined();
      expect(parseCalls.example).toBe(2);
      expect(result.findings.filter((finding) => finding.analyzer === "marker")).toEqual([]);
      const run = result.analyzers.find((item) => item.analyzer === "marker");
      expect(run).toMatchObject({ status: "not-run", reason, filesGiven: 0, filesAnalyzed: 0 });
      expect(analyzerEvidence(run)).toBe("not-evaluated");
      expect(markerControl(result)).toEqual({ status: "unknown", unknownReason: "incomplete" });
      // the analyzer that ran still counts
      expect(result.analyzers.find((item) => item.analyzer === "example")?.status).toBe("succeeded");
    });
  }

  it("keeps an analyzer whose rule a severity override lifts over the filter", async () => {
    const result = await scanWith({
      minSeverity: "high",
      severityOverrides: { "marker/security-fixme": "high" },
    });
    expect(parseCalls.marker).toBe(2);
    expect(result.findings.map((finding) => [finding.ruleId, finding.severity])).toContainEqual([
      "marker/security-fixme",
      "high",
    ]);
  });

  it("a clean scan of the marker's analyzer passes its control: not-run is not the default", async () => {
    tree = makeTree({ "b.conf": "tls = on\n" });
    const result = await scan(tree.root, { registryUrl: countingRegistry, workers: 0 });
    expect(
      controlStatus(
        scanControlResults(result, ruleCatalogue(countingAnalyzers)).find((c) => c.code === "IAC-BAK-01"),
      ),
    ).toBe("pass");
  });
});

describe("planAnalyzers", () => {
  it("leaves out every analyzer none of whose rules meets the filter, and names their rules inactive", () => {
    const plan = planAnalyzers(countingAnalyzers, { minSeverity: "critical" });
    expect(plan.notRun.map((item) => item.analyzer)).toEqual(["example", "marker"]);
    expect(plan.inactiveRules).toContain("marker/security-fixme");
  });
});
