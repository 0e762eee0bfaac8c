import { describe, expect, it } from "vitest";
import { complianceFigures, evidenceFigures, runsFigures } from "./page-narratives.ts";

const chain = {
  isValid: true,
  totalRuns: 1,
  chainLength: 1,
  lastHash: "h",
  lastVerifiedAt: null as string | null,
  failure: null as { index: number; reason: string } | null,
};

describe("page narrator templates", () => {
  it("runs: down only past 3 failures", () => {
    expect(runsFigures({ total: 3, pass: 0, fail: 3, skip: 0 }).trend).toBe("stable");
    expect(runsFigures({ total: 4, pass: 0, fail: 4, skip: 0 })).toMatchObject({
      trend: "down",
      confidence: 85,
    });
  });

  it("evidence: counts one block and one minute in the singular, and names a break", () => {
    const now = new Date("2026-03-01T12:00:00Z");
    const verified = { ...chain, lastVerifiedAt: new Date(now.getTime() - 90_000).toISOString() };
    const artifacts = [{}] as never;
    expect(evidenceFigures({ artifacts, chain: verified, genesisHash: "g" }, now).template).toBe(
      "1 block in the ledger; the newest 1 shown. Every block verified intact 1 min ago.",
    );
    const broken = { ...verified, isValid: false, failure: { index: 7, reason: "hash" } };
    expect(evidenceFigures({ artifacts, chain: broken, genesisHash: "g" }, now).template).toMatch(
      /found a break at block #7; treat later evidence as untrusted\.$/,
    );
  });

  it("compliance: confidence is percent + 10 capped at 95; up at 90+, down past 5 failures", () => {
    const summary = {
      compliancePercentage: 50,
      totalControls: 10,
      testedControls: 10,
      passedControls: 5,
      failedControls: 5,
      unknownControls: 0,
    };
    expect(complianceFigures("SOC 2", summary)).toMatchObject({ confidence: 60, trend: "stable" });
    expect(complianceFigures("SOC 2", { ...summary, failedControls: 6 }).trend).toBe("down");
    expect(complianceFigures("SOC 2", { ...summary, compliancePercentage: 92 })).toMatchObject({
      confidence: 95,
      trend: "up",
    });
  });
});
