import { describe, expect, it } from "vitest";
import {
  environmentAnalysis,
  environmentFacts,
  type PostureFacts,
  postureAnalysis,
  postureNarrative,
  remediationAnalysis,
} from "./narratives.ts";

const facts = (overrides: Partial<PostureFacts> = {}): PostureFacts => ({
  score: 85,
  previousScore: 80,
  days: 7,
  passingControls: 17,
  evaluatedControls: 20,
  repositories: 3,
  criticalFindings: 2,
  fixedFindings: 4,
  remediationDays: 2.5,
  totalRuns: 9,
  environments: environmentFacts([]),
  ...overrides,
});

describe("postureNarrative", () => {
  it("reads as English in every band", () => {
    expect(postureNarrative(facts())).toBe(
      "Security posture is strong at 85%: 17 of 20 evaluated controls pass across 3 repositories, with 2 critical findings open.",
    );
    expect(postureNarrative(facts({ score: 65 }))).toMatch(/^Security posture is moderate at 65%: /);
    expect(postureNarrative(facts({ score: 42 }))).toMatch(/^Security posture needs attention at 42%: /);
  });

  it("counts one of each in the singular", () => {
    expect(
      postureNarrative(
        facts({ passingControls: 1, evaluatedControls: 1, repositories: 1, criticalFindings: 1 }),
      ),
    ).toBe(
      "Security posture is strong at 85%: 1 of 1 evaluated control passes across 1 repository, with 1 critical finding open.",
    );
  });
});

describe("postureAnalysis", () => {
  it("compares with the start of the period, in words that fit the band", () => {
    expect(postureAnalysis(facts())).toBe("Posture is strong at 85%, up from 80% 7 days ago.");
    expect(postureAnalysis(facts({ score: 42, previousScore: 50, days: 1 }))).toBe(
      "Posture needs attention at 42%, down from 50% 1 day ago.",
    );
    expect(postureAnalysis(facts({ score: 70, previousScore: 70 }))).toBe(
      "Posture is moderate at 70%, unchanged from 70% 7 days ago.",
    );
    expect(postureAnalysis(facts({ score: 30, previousScore: null }))).toBe(
      "Posture needs attention at 30%; there is no earlier run to compare with yet.",
    );
  });
});

describe("remediationAnalysis", () => {
  it("counts fixed findings and days in the right number", () => {
    expect(remediationAnalysis(facts())).toBe(
      "4 findings were fixed in the last 7 days, after 2.5 days on average.",
    );
    expect(remediationAnalysis(facts({ fixedFindings: 1, remediationDays: 1, days: 1 }))).toBe(
      "1 finding was fixed in the last 1 day, after 1 day on average.",
    );
    expect(remediationAnalysis(facts({ fixedFindings: 0, remediationDays: null }))).toBe(
      "No findings were fixed in the last 7 days.",
    );
  });
});

describe("environmentAnalysis", () => {
  it("counts repositories and runs in the right number", () => {
    expect(environmentAnalysis(facts())).toBe(
      "3 repositories are scanned (9 runs in total); no environments are connected for drift detection.",
    );
    expect(environmentAnalysis(facts({ repositories: 1, totalRuns: 1 }))).toMatch(
      /^1 repository is scanned \(1 run in total\);/,
    );
  });

  it("reports the environments' drift state", () => {
    const environments = environmentFacts([
      { driftState: "drift_detected", driftStats: { total: 4, securityRelevant: 1 } },
      { driftState: "drift_detected", driftStats: { total: 1, securityRelevant: 1 } },
      { driftState: "in_sync", driftStats: { total: 0, securityRelevant: 0 } },
      { driftState: "unknown", driftStats: null },
    ]);
    expect(environments).toEqual({
      total: 4,
      inSync: 1,
      drifted: 2,
      unknown: 1,
      driftedResources: 5,
      securityRelevantDrift: 2,
    });
    expect(environmentAnalysis(facts({ environments }))).toBe(
      "3 repositories are scanned (9 runs in total); of 4 environments, 2 drifted from their declared state (5 resources, 2 security-relevant), 1 in sync, 1 not yet synced.",
    );
    expect(
      environmentAnalysis(
        facts({ environments: environmentFacts([{ driftState: "in_sync", driftStats: null }]) }),
      ),
    ).toBe("3 repositories are scanned (9 runs in total); of 1 environment, 1 in sync.");
  });
});
