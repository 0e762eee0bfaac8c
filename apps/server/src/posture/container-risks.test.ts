import type { ContainerFinding } from "@rampart/contracts/containers";
import { describe, expect, it } from "vitest";
import { containerRisks } from "./container-risks.ts";
import { riskScore } from "./formulas.ts";

let next = 0;
function finding(overrides: Partial<ContainerFinding>): ContainerFinding {
  next += 1;
  return {
    id: `00000000-0000-4000-8000-${String(next).padStart(12, "0")}`,
    imageId: "11111111-1111-4111-8111-111111111111",
    imageRef: "registry.test/app:1",
    baseImage: null,
    vulnerabilityId: "CVE-2023-0464",
    aliases: [],
    severity: "high",
    cvssScore: 7.5,
    packageName: "libssl3",
    ecosystem: "Debian:12",
    installedVersion: "3.0.8-1",
    fixedVersion: "3.0.9-1",
    summary: null,
    scannedAt: "2026-11-20T10:00:00.000Z",
    ...overrides,
  };
}

describe("containerRisks", () => {
  it("groups a vulnerability across images and packages, with the group's highest severity", () => {
    const [risk, ...rest] = containerRisks([
      finding({ imageRef: "app:1", packageName: "libssl3", severity: "med" }),
      finding({ imageRef: "app:1", packageName: "openssl", severity: "critical", summary: "  " }),
      finding({ imageRef: "worker:2", packageName: "libssl3", summary: "Excessive resource use in X.509." }),
      // The same package twice in one image (two install paths) is one affected pair.
      finding({ imageRef: "worker:2", packageName: "libssl3" }),
    ]);
    expect(rest).toEqual([]);
    expect(risk).toEqual({
      id: "CVE-2023-0464",
      severity: "critical",
      type: "Container",
      description: "CVE-2023-0464 in libssl3, openssl (2 images)",
      impact: "Excessive resource use in X.509.",
      riskScore: riskScore({
        severity: "critical",
        confidence: "high",
        occurrences: 3,
        internetFacing: false,
      }),
      findingCount: 3,
      // One pair of each: app:1's libssl3 (med) and openssl (critical), worker:2's libssl3 (high).
      findingsBySeverity: { critical: 1, high: 1, med: 1, low: 0 },
    });
    expect(risk!.riskScore).toBe(9.5);
  });

  it("says in a plain sentence what is affected when no advisory summary is stored", () => {
    const risks = containerRisks([
      finding({ vulnerabilityId: "CVE-1", packageName: "zlib1g", fixedVersion: "1:1.2.13", severity: "low" }),
      finding({ vulnerabilityId: "CVE-2", packageName: "tar", fixedVersion: null, severity: "med" }),
    ]);
    expect(risks.map((risk) => [risk.id, risk.description, risk.impact, risk.riskScore])).toEqual([
      [
        "CVE-1",
        "CVE-1 in zlib1g (1 image)",
        "zlib1g as installed in 1 container image has the known vulnerability CVE-1; zlib1g 1:1.2.13 fixes it.",
        2,
      ],
      [
        "CVE-2",
        "CVE-2 in tar (1 image)",
        "tar as installed in 1 container image has the known vulnerability CVE-2; no fixed version is known yet.",
        4.5,
      ],
    ]);
  });

  it("has no risks without findings", () => {
    expect(containerRisks([])).toEqual([]);
  });
});
