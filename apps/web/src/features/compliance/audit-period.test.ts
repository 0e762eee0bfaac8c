import { describe, expect, it } from "vitest";
import { INITIAL_PERIOD, periodProblem, periodQuery } from "./audit-period";

describe("periodQuery", () => {
  it("sends nothing for Type I now, so the Overview asks what it always did", () => {
    expect(periodQuery(INITIAL_PERIOD)).toEqual({});
  });

  it("reports Type I at the end of the chosen day and Type II over whole days", () => {
    expect(periodQuery({ ...INITIAL_PERIOD, at: "2026-03-31" })).toEqual({
      view: "type1",
      at: "2026-03-31T23:59:59.999Z",
    });
    expect(periodQuery({ view: "type2", at: "", from: "2026-01-01", to: "2026-03-31" })).toEqual({
      view: "type2",
      from: "2026-01-01T00:00:00.000Z",
      to: "2026-03-31T23:59:59.999Z",
    });
  });

  it("holds back an incomplete or reversed window and says why", () => {
    const open = { view: "type2", at: "", from: "2026-01-01", to: "" } as const;
    expect(periodQuery(open)).toBeNull();
    expect(periodProblem(open)).toBe("Pick the first and last day of the window.");
    const reversed = { ...open, to: "2025-12-31" };
    expect(periodQuery(reversed)).toBeNull();
    expect(periodProblem(reversed)).toBe("The window must start before it ends.");
    expect(periodProblem({ ...open, from: "2026-01-01", to: "2026-01-01" })).toBeNull();
  });

  it("ends a day that is not over at now when asked to (the audit package refuses the future)", () => {
    const now = new Date("2026-11-28T16:45:00.000Z");
    expect(periodQuery({ ...INITIAL_PERIOD, at: "2026-11-28" }, now)).toEqual({
      view: "type1",
      at: "2026-11-28T16:45:00.000Z",
    });
    expect(periodQuery({ view: "type2", at: "", from: "2026-11-01", to: "2026-11-28" }, now)).toEqual({
      view: "type2",
      from: "2026-11-01T00:00:00.000Z",
      to: "2026-11-28T16:45:00.000Z",
    });
    expect(periodQuery({ ...INITIAL_PERIOD, at: "2026-11-27" }, now)?.at).toBe("2026-11-27T23:59:59.999Z");
  });

  it("refuses days after today and windows longer than three years", () => {
    const now = new Date("2026-11-28T16:45:00.000Z");
    expect(periodProblem({ ...INITIAL_PERIOD, at: "2026-11-29" }, now)).toBe(
      "Evidence cannot be judged ahead of time: pick today or earlier.",
    );
    expect(periodProblem({ view: "type2", at: "", from: "2026-12-01", to: "2026-12-31" }, now)).toBe(
      "The window cannot start in the future.",
    );
    expect(periodProblem({ view: "type2", at: "", from: "2022-01-01", to: "2026-06-30" }, now)).toBe(
      "The window can be at most three years.",
    );
  });
});
