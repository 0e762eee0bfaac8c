import { describe, expect, it } from "vitest";
import { isAtRisk, nextPeriod, periodAt, periodsOverlapping } from "./periods.ts";

const at = (iso: string) => new Date(iso);

describe("evidence periods", () => {
  it("monthly: the calendar month, due at its end, valid until the next month's due date", () => {
    const period = periodAt("monthly", at("2026-01-31T23:59:59Z"));
    expect(period.start.toISOString()).toBe("2026-01-01T00:00:00.000Z");
    expect(period.end?.toISOString()).toBe("2026-02-01T00:00:00.000Z");
    expect(period.dueAt.toISOString()).toBe("2026-02-01T00:00:00.000Z");
    expect(period.validUntil?.toISOString()).toBe("2026-03-01T00:00:00.000Z");
  });

  it("quarterly: the calendar quarter, across a year end", () => {
    const period = periodAt("quarterly", at("2026-11-15T12:00:00Z"));
    expect(period.start.toISOString()).toBe("2026-10-01T00:00:00.000Z");
    expect(period.end?.toISOString()).toBe("2027-01-01T00:00:00.000Z");
    expect(period.validUntil?.toISOString()).toBe("2027-04-01T00:00:00.000Z");
  });

  it("yearly: the calendar year", () => {
    const period = periodAt("yearly", at("2026-06-01T00:00:00Z"));
    expect(period.start.toISOString()).toBe("2026-01-01T00:00:00.000Z");
    expect(period.end?.toISOString()).toBe("2027-01-01T00:00:00.000Z");
    expect(period.validUntil?.toISOString()).toBe("2028-01-01T00:00:00.000Z");
  });

  it("once: from creation with no end, due in 30 days, never lapsing", () => {
    const period = periodAt("once", at("2026-03-10T08:00:00Z"));
    expect(period.start.toISOString()).toBe("2026-03-10T08:00:00.000Z");
    expect(period.end).toBeNull();
    expect(period.dueAt.toISOString()).toBe("2026-04-09T08:00:00.000Z");
    expect(period.validUntil).toBeNull();
    expect(nextPeriod("once", period)).toBeNull();
  });

  it("the next period starts where one ends", () => {
    const next = nextPeriod("monthly", periodAt("monthly", at("2026-12-05T00:00:00Z")));
    expect(next?.start.toISOString()).toBe("2027-01-01T00:00:00.000Z");
  });

  it("lists the periods a window overlaps", () => {
    const periods = periodsOverlapping("quarterly", at("2026-02-15T00:00:00Z"), at("2026-07-01T00:00:00Z"));
    expect(periods.map((period) => period.start.toISOString().slice(0, 7))).toEqual(["2026-01", "2026-04"]);
    expect(
      periodsOverlapping("monthly", at("2026-02-15T00:00:00Z"), at("2026-02-16T00:00:00Z")),
    ).toHaveLength(1);
  });

  it("is at risk within the cadence's window before validity ends, not before and not after", () => {
    const validUntil = at("2026-03-01T00:00:00Z");
    expect(isAtRisk("monthly", validUntil, at("2026-02-21T00:00:00Z"))).toBe(false);
    expect(isAtRisk("monthly", validUntil, at("2026-02-22T00:00:00Z"))).toBe(true);
    expect(isAtRisk("monthly", validUntil, at("2026-03-01T00:00:00Z"))).toBe(false);
    expect(isAtRisk("yearly", validUntil, at("2026-01-31T00:00:00Z"))).toBe(true);
    expect(isAtRisk("once", null, at("2026-01-31T00:00:00Z"))).toBe(false);
  });
});
