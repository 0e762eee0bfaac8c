import { describe, expect, it } from "vitest";
import type { Finding } from "../../finding.ts";
import { suppressWithVex, vexOfFinding, vexReason } from "./findings.ts";
import { importVex } from "./import.ts";
import type { VexStatement } from "./statement.ts";

function finding(cveId: string, purl: string, extra: Partial<Finding> = {}): Finding {
  return {
    ruleId: "sca/vulnerable-dependency",
    analyzer: "sca",
    severity: "high",
    confidence: "high",
    message: `${purl} has ${cveId}`,
    location: { path: "package-lock.json", line: 3, column: 1, snippet: "" },
    related: [],
    fingerprint: `${cveId}-${purl}`,
    properties: { cveId, aliases: ["GHSA-35jh-r3h4-6jhm"], advisoryIds: ["GHSA-35jh-r3h4-6jhm"], purl },
    ...extra,
  } as Finding;
}

const statement = (status: VexStatement["status"], id: string, timestamp: string): VexStatement => ({
  vulnerabilityId: id,
  aliases: [],
  purl: "pkg:npm/lodash",
  status,
  ...(status === "not_affected" ? { justification: "vulnerable_code_not_in_execute_path" as const } : {}),
  timestamp,
  author: "sec@example.com",
});

describe("VEX on findings", () => {
  it("suppresses a finding named by id or alias, with the reason and the source", () => {
    const [byAlias, other] = suppressWithVex(
      [finding("CVE-2021-23337", "pkg:npm/lodash@4.17.20"), finding("CVE-2021-23337", "pkg:npm/other@1.0.0")],
      [statement("not_affected", "GHSA-35jh-r3h4-6jhm", "2024-01-01T00:00:00Z")],
      "vex.json",
    );
    expect(byAlias!.suppression).toEqual({
      kind: "vex",
      reason: "VEX not_affected (vulnerable_code_not_in_execute_path) by sec@example.com",
      source: "vex.json",
    });
    expect(other!.suppression).toBeUndefined();
  });

  it("lets the newest statement win and does not suppress affected", () => {
    const result = vexOfFinding(finding("CVE-2021-23337", "pkg:npm/lodash@4.17.20"), [
      statement("not_affected", "CVE-2021-23337", "2024-01-01T00:00:00Z"),
      statement("affected", "CVE-2021-23337", "2024-02-01T00:00:00Z"),
    ]);
    expect(result).toMatchObject({ suppressed: false, vex: { status: "affected" } });
    expect(vexReason(result.vex!)).toBe("VEX affected by sec@example.com");
  });

  it("leaves other rules and already suppressed findings alone", () => {
    const statements = [statement("fixed", "CVE-2021-23337", "2024-01-01T00:00:00Z")];
    const inline = { kind: "inline" as const, reason: "r", source: "a:1" };
    const [otherRule, suppressed] = suppressWithVex(
      [
        finding("CVE-2021-23337", "pkg:npm/lodash@4.17.20", { ruleId: "sca/unpinned-dependency" }),
        finding("CVE-2021-23337", "pkg:npm/lodash@4.17.20", { suppression: inline }),
      ],
      statements,
      "vex.json",
    );
    expect(otherRule!.suppression).toBeUndefined();
    expect(suppressed!.suppression).toEqual(inline);
  });
});

describe("importVex", () => {
  it("tells the formats apart by shape", () => {
    expect(
      importVex({
        bomFormat: "CycloneDX",
        specVersion: "1.6",
        vulnerabilities: [
          { id: "CVE-1", analysis: { state: "resolved" }, affects: [{ ref: "pkg:npm/a@1.0.0" }] },
        ],
      }),
    ).toMatchObject({ ok: true, statements: [{ vulnerabilityId: "CVE-1", status: "fixed" }] });
    expect(importVex({ "@context": "https://openvex.dev/ns/v0.2.0" })).toMatchObject({
      ok: false,
      error: expect.stringContaining("OpenVEX"),
    });
    expect(importVex({ hello: 1 })).toMatchObject({ ok: false, error: expect.stringContaining("not a VEX") });
    expect(importVex([1])).toMatchObject({ ok: false });
  });
});
