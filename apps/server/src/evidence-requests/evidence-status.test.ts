import { describe, expect, it } from "vitest";
import { itemAt, itemOver } from "./evidence-status.ts";

const at = (iso: string) => new Date(iso);
type Facts = Parameters<typeof itemAt>[2][number];
const request = (overrides: Partial<Facts>): Facts => ({
  controlCode: "ORG-GOV-02",
  evidenceKey: "oversight-minutes",
  state: "missing",
  periodStart: at("2026-01-01T00:00:00Z"),
  periodEnd: at("2027-01-01T00:00:00Z"),
  validUntil: null,
  acceptedAt: null,
  ownerEmail: "owner@example.test",
  ...overrides,
});

const accepted2026 = request({
  state: "accepted",
  acceptedAt: at("2026-03-15T00:00:00Z"),
  validUntil: at("2028-01-01T00:00:00Z"),
});

describe("evidence items for the compliance evaluator", () => {
  it("Type I: accepted by then and still valid then", () => {
    expect(itemAt("oversight-minutes", "yearly", [accepted2026], at("2026-06-01T00:00:00Z"))).toEqual({
      key: "oversight-minutes",
      state: "accepted",
      validUntil: "2028-01-01T00:00:00.000Z",
      owner: "owner@example.test",
    });
    // Before the review it was not accepted yet; past its validity, nothing stands for the new period.
    expect(itemAt("oversight-minutes", "yearly", [accepted2026], at("2026-03-01T00:00:00Z")).state).toBe(
      "submitted",
    );
    expect(itemAt("oversight-minutes", "yearly", [accepted2026], at("2028-02-01T00:00:00Z")).state).toBe(
      "missing",
    );
  });

  it("Type I: last period's evidence still counts in the next period", () => {
    const next = request({ periodStart: at("2027-01-01T00:00:00Z"), periodEnd: at("2028-01-01T00:00:00Z") });
    expect(
      itemAt("oversight-minutes", "yearly", [accepted2026, next], at("2027-05-01T00:00:00Z")).state,
    ).toBe("accepted");
  });

  it("Type II: every period overlapping the window needs its own accepted evidence", () => {
    const next = request({ periodStart: at("2027-01-01T00:00:00Z"), periodEnd: at("2028-01-01T00:00:00Z") });
    const requests = [accepted2026, next];
    expect(
      itemOver(
        "oversight-minutes",
        "yearly",
        requests,
        at("2026-04-01T00:00:00Z"),
        at("2026-12-01T00:00:00Z"),
      ),
    ).toMatchObject({ state: "accepted" });
    expect(
      itemOver(
        "oversight-minutes",
        "yearly",
        requests,
        at("2026-04-01T00:00:00Z"),
        at("2027-06-01T00:00:00Z"),
      ).state,
    ).toBe("missing");
    // Evidence accepted after the window's end does not count for it.
    expect(
      itemOver(
        "oversight-minutes",
        "yearly",
        [accepted2026],
        at("2026-01-01T00:00:00Z"),
        at("2026-03-01T00:00:00Z"),
      ).state,
    ).not.toBe("accepted");
  });
});
