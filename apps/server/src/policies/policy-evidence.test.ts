import { describe, expect, it } from "vitest";
import { type PolicyEvidence, policyEvidenceState, reviewDue, weaker } from "./policy-evidence.ts";

const approvedAt = new Date("2026-03-01T00:00:00Z");
const at = new Date("2026-06-01T00:00:00Z");

describe("policy evidence", () => {
  it("is missing without a version in force, submitted until everyone acknowledged, then accepted", () => {
    expect(policyEvidenceState(undefined, ["a"], at)).toEqual({ state: "missing", validUntil: null });
    const some = { approvedAt, acknowledgedBy: new Set(["a"]) };
    expect(policyEvidenceState(some, ["a", "b"], at).state).toBe("submitted");
    expect(policyEvidenceState(some, ["a"], at)).toEqual({
      state: "accepted",
      validUntil: new Date("2027-03-01T00:00:00Z"),
    });
  });

  it("lapses a year after the approval", () => {
    const all = { approvedAt, acknowledgedBy: new Set(["a"]) };
    expect(policyEvidenceState(all, ["a"], reviewDue(approvedAt)).state).toBe("accepted");
    expect(policyEvidenceState(all, ["a"], new Date("2027-03-01T00:00:01Z")).state).toBe("expired");
  });

  it("takes the weaker of two, and of equal states the one that lapses first", () => {
    const accepted: PolicyEvidence = { state: "accepted", validUntil: new Date("2027-01-01"), owner: "a" };
    const submitted: PolicyEvidence = { state: "submitted", validUntil: new Date("2027-06-01"), owner: "b" };
    const sooner: PolicyEvidence = { ...accepted, validUntil: new Date("2026-12-01"), owner: "c" };
    expect(weaker(accepted, submitted)).toBe(submitted);
    expect(weaker(accepted, sooner)).toBe(sooner);
    expect(
      weaker({ state: "missing", validUntil: null, owner: null }, { ...accepted, state: "expired" }).state,
    ).toBe("missing");
  });
});
