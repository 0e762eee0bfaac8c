import { describe, expect, it } from "vitest";
import { matchingWaiver } from "./waiver-match.ts";

const finding = { ruleId: "terraform/public-s3-bucket", path: "infra/main.tf", fingerprint: "fp-1" };
const waiver = {
  id: "w1",
  scope: "fingerprint" as const,
  ruleId: finding.ruleId,
  pathPattern: null,
  fingerprint: "fp-1",
  expiresAt: null,
  revokedAt: null,
};
const now = new Date("2026-06-01T00:00:00Z");

describe("matchingWaiver", () => {
  it("covers the finding with an approved waiver", () => {
    expect(matchingWaiver([{ ...waiver, pending: false }], finding, now)?.id).toBe("w1");
  });

  it("covers nothing with a waiver still waiting for four-eyes approval", () => {
    expect(matchingWaiver([{ ...waiver, pending: true }], finding, now)).toBeUndefined();
  });
});
