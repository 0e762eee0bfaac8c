import { describe, expect, it } from "vitest";
import { formatRemediationTime, postureCaption } from "./metrics-overview";

describe("formatRemediationTime", () => {
  it("reads one hour and one day in the singular", () => {
    expect(formatRemediationTime(1 / 24)).toBe("1 hour");
    expect(formatRemediationTime(0.5)).toBe("12 hours");
    expect(formatRemediationTime(1)).toBe("1 day");
    expect(formatRemediationTime(1.04)).toBe("1 day");
    expect(formatRemediationTime(2.5)).toBe("2.5 days");
    expect(formatRemediationTime(null)).toBe("N/A");
  });
});

describe("postureCaption", () => {
  it("reads one point in the singular, whatever its sign", () => {
    expect(postureCaption(1)?.text).toBe("+1 pt vs previous period");
    expect(postureCaption(-1)?.text).toBe("-1 pt vs previous period");
    expect(postureCaption(4)?.text).toBe("+4 pts vs previous period");
    expect(postureCaption(0)?.text).toBe("0 pts vs previous period");
  });
});
