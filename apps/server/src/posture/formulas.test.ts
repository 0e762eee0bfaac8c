import { describe, expect, it } from "vitest";
import {
  changePercent,
  controlCompliance,
  narrativeTrend,
  postureScore,
  postureWording,
  remediationDays,
  riskScore,
  trendOf,
} from "./formulas.ts";

describe("postureScore", () => {
  it("is the share of evaluated controls without failures", () => {
    expect(
      postureScore([
        { controlCode: "A", passes: 3, failures: 0, evaluated: true },
        { controlCode: "B", passes: 1, failures: 2, evaluated: true },
        { controlCode: "C", passes: 0, failures: 0, evaluated: false },
        { controlCode: "D", passes: 5, failures: 0, evaluated: true },
      ]),
    ).toBe(66.7);
  });

  it("is 0 with no evidence at all, never 100", () => {
    expect(postureScore([])).toBe(0);
    expect(postureScore([{ controlCode: "A", passes: 0, failures: 0, evaluated: false }])).toBe(0);
  });
});

describe("other formulas", () => {
  it("control compliance rounds to whole percent", () => {
    expect(controlCompliance(2, 1)).toBe(67);
    expect(controlCompliance(0, 0)).toBe(0);
  });

  it("remediation time is the mean days from first seen to fixed", () => {
    const day = 86_400;
    expect(remediationDays({ count: 0, seconds: 0 })).toBeNull();
    expect(remediationDays({ count: 2, seconds: 2 * day + day / 2 })).toBe(1.25);
  });

  it("trends need history and ignore noise", () => {
    expect(trendOf(80, null)).toBe("stable");
    expect(trendOf(80, 79.5)).toBe("stable");
    expect(trendOf(80, 70)).toBe("up");
    expect(trendOf(60, 70)).toBe("down");
    expect(changePercent(30, 40)).toBe(-25);
    expect(changePercent(30, 0)).toBeNull();
  });

  it("follows the spec's narrative thresholds", () => {
    expect(narrativeTrend(80, 10)).toBe("up");
    expect(narrativeTrend(79, 6)).toBe("down");
    expect(narrativeTrend(79, 5)).toBe("stable");
    expect([postureWording(80), postureWording(60), postureWording(59.9)]).toEqual([
      "strong",
      "moderate",
      "needs attention",
    ]);
  });

  it("risk scores stay within 0-10 and order by severity, confidence and exposure", () => {
    const critical = riskScore({
      severity: "critical",
      confidence: "high",
      occurrences: 1000,
      internetFacing: true,
    });
    expect(critical).toBe(10);
    const high = riskScore({ severity: "high", confidence: "high", occurrences: 1, internetFacing: false });
    const highExposed = riskScore({
      severity: "high",
      confidence: "high",
      occurrences: 10,
      internetFacing: true,
    });
    const highUnsure = riskScore({
      severity: "high",
      confidence: "low",
      occurrences: 1,
      internetFacing: false,
    });
    expect(high).toBe(7);
    expect(highExposed).toBe(8.5);
    expect(highUnsure).toBeLessThan(high);
    expect(riskScore({ severity: "low", confidence: "low", occurrences: 1, internetFacing: false })).toBe(
      1.5,
    );
  });
});
