import { describe, expect, it } from "vitest";
import { recordSeverity, scoreCvssVector, severityFromScore } from "./cvss.ts";
import type { OsvRecord } from "./record.ts";

describe("CVSS", () => {
  it.each([
    ["CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H", 9.8],
    ["CVSS:3.1/AV:N/AC:L/PR:L/UI:N/S:C/C:L/I:L/A:N", 6.4],
    ["CVSS:3.0/AV:N/AC:H/PR:N/UI:N/S:U/C:H/I:N/A:N", 5.9],
    ["CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N", 9.3],
  ])("scores %s as %d", (vector, score) => {
    expect(scoreCvssVector(vector)?.score).toBe(score);
  });

  it("refuses partial, malformed and unsupported vectors", () => {
    expect(scoreCvssVector("CVSS:3.1/AV:N")).toBeUndefined();
    expect(scoreCvssVector("CVSS:3.1/AV:Q/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H")).toBeUndefined();
    expect(scoreCvssVector("AV:N/AC:L/Au:N/C:P/I:P/A:P")).toBeUndefined();
    expect(scoreCvssVector("")).toBeUndefined();
  });

  it("maps scores to our levels", () => {
    expect([9, 8.9, 7, 6.9, 4, 3.9, 0].map(severityFromScore)).toEqual([
      "critical",
      "high",
      "high",
      "med",
      "med",
      "low",
      "low",
    ]);
  });

  it("takes the highest vector, and the GHSA word only when there is no vector", () => {
    const base: OsvRecord = { id: "X", references: [] };
    expect(
      recordSeverity({
        ...base,
        severity: [
          { type: "CVSS_V3", score: "CVSS:3.1/AV:N/AC:L/PR:L/UI:N/S:C/C:L/I:L/A:N" },
          { type: "CVSS_V4", score: "CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N" },
        ],
        database_specific: { severity: "LOW" },
      }),
    ).toMatchObject({ severity: "critical", source: "cvss", cvss: { version: "4.0", score: 9.3 } });
    expect(recordSeverity({ ...base, severity: [], database_specific: { severity: "MODERATE" } })).toEqual({
      severity: "med",
      source: "database_specific",
    });
    expect(recordSeverity({ ...base, database_specific: { severity: "moderate" } }).severity).toBe("med");
    expect(recordSeverity(base)).toEqual({ severity: "med", source: "unknown" });
  });
});
