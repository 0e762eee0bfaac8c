import { describe, expect, it } from "vitest";
import { findingsBreakdown } from "./findings-breakdown";

describe("findingsBreakdown", () => {
  it("says how many of each severity a group of mixed findings holds", () => {
    expect(findingsBreakdown(22, { critical: 3, high: 19, med: 0, low: 0 })).toBe(
      "22 findings: 3 critical, 19 high",
    );
    expect(findingsBreakdown(6, { critical: 0, high: 1, med: 4, low: 1 })).toBe(
      "6 findings: 1 high, 4 medium, 1 low",
    );
  });

  it("names the one severity of a group that has only one, in the right number", () => {
    expect(findingsBreakdown(3, { critical: 3, high: 0, med: 0, low: 0 })).toBe("3 critical findings");
    expect(findingsBreakdown(1, { critical: 0, high: 0, med: 1, low: 0 })).toBe("1 medium finding");
  });
});
