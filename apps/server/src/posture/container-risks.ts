// Risks of container images: one per vulnerability, across the tenant's current images. A
// vulnerability in many images is one hazard to fix (usually in a shared base image), so it is
// grouped like a rule's findings and scored with the same formula.

import type { Severity, SeverityCounts } from "@rampart/contracts/common";
import type { ContainerFinding } from "@rampart/contracts/containers";
import type { Risk } from "@rampart/contracts/risks";
import { plural } from "@rampart/contracts/words";
import { riskScore } from "./formulas.ts";

const SEVERITY_RANK: Record<Severity, number> = { critical: 3, high: 2, med: 1, low: 0 };

export function containerRisks(findings: readonly ContainerFinding[]): Risk[] {
  const byVulnerability = new Map<string, ContainerFinding[]>();
  for (const finding of findings) {
    byVulnerability.set(finding.vulnerabilityId, [
      ...(byVulnerability.get(finding.vulnerabilityId) ?? []),
      finding,
    ]);
  }
  return [...byVulnerability].map(([vulnerabilityId, group]) => {
    const severity = group.reduce<Severity>(
      (highest, finding) =>
        SEVERITY_RANK[finding.severity] > SEVERITY_RANK[highest] ? finding.severity : highest,
      "low",
    );
    const packages = [...new Set(group.map((finding) => finding.packageName))].sort();
    const images = new Set(group.map((finding) => finding.imageRef)).size;
    // A package is installed once per image, so each finding is one affected image/package pair;
    // the map guards against an image listing a package twice (keeping its highest severity).
    const pairSeverity = new Map<string, Severity>();
    for (const finding of group) {
      const key = `${finding.imageRef}\u0000${finding.packageName}`;
      const known = pairSeverity.get(key);
      if (!known || SEVERITY_RANK[finding.severity] > SEVERITY_RANK[known])
        pairSeverity.set(key, finding.severity);
    }
    const pairs = pairSeverity.size;
    const findingsBySeverity: SeverityCounts = { critical: 0, high: 0, med: 0, low: 0 };
    for (const level of pairSeverity.values()) findingsBySeverity[level] += 1;
    const summary = group.find((finding) => finding.summary?.trim())?.summary?.trim();
    const fixed = group.find((finding) => finding.fixedVersion);
    return {
      id: vulnerabilityId,
      severity,
      type: "Container",
      description: `${vulnerabilityId} in ${packages.join(", ")} (${plural(images, "image")})`,
      impact:
        summary ??
        `${packages.join(", ")} as installed in ${plural(images, "container image has", "container images have")} ` +
          `the known vulnerability ${vulnerabilityId}; ` +
          (fixed ? `${fixed.packageName} ${fixed.fixedVersion} fixes it.` : "no fixed version is known yet."),
      riskScore: riskScore({ severity, confidence: "high", occurrences: pairs, internetFacing: false }),
      findingCount: pairs,
      findingsBySeverity,
    };
  });
}
