// Dependency (SCA) findings (spec part 2, Dependency Vulnerabilities).
import { z } from "zod";
import { Id, Severity, SeverityStats } from "./common.ts";
import { FixPullRequestStatus } from "./fixes.ts";
import { VexOutcome } from "./vex.ts";

/** The spec's ecosystem names; OSV's (PyPI, Go, Maven, NuGet, crates.io …) map onto them. */
export const ScaEcosystem = z.enum([
  "npm",
  "pip",
  "go",
  "maven",
  "nuget",
  "cargo",
  "composer",
  "rubygems",
  "other",
]);
export type ScaEcosystem = z.infer<typeof ScaEcosystem>;

export const ScaFinding = z.object({
  id: Id,
  runId: Id,
  severity: Severity,
  ecosystem: ScaEcosystem,
  /** The CVE when there is one, else the advisory id (GHSA, PYSEC, GO …). */
  cveId: z.string(),
  aliases: z.array(z.string()),
  cvssScore: z.number().nullable(),
  packageName: z.string(),
  packageVersion: z.string(),
  description: z.string(),
  /** The lowest fixed version above the installed one; null when no fix exists. */
  fixedVersion: z.string().nullable(),
  /** SPDX id or expression, from the lockfile that declares the package, when it records one. */
  license: z.string().nullable(),
  /**
   * Why `license` is null, in words: the declaring file records no licences (requirements.txt,
   * yarn.lock …) or states none for this package. Advisory data (OSV) carries no licences.
   */
  licenseUnknownReason: z.string().nullable(),
  direct: z.boolean(),
  dev: z.boolean(),
  filePath: z.string().nullable(),
  line: z.number().int().nullable(),
  repo: z.string(),
  /** The VEX decision on it (affected or under investigation: not_affected and fixed are left out). */
  vex: VexOutcome.optional(),
  /** The open (or merged) pull request that upgrades the package past this advisory, if any. */
  fixPullRequest: FixPullRequestStatus.nullable(),
});
export type ScaFinding = z.infer<typeof ScaFinding>;

export const ScaResponse = z.object({ findings: z.array(ScaFinding), stats: SeverityStats });
export type ScaResponse = z.infer<typeof ScaResponse>;

export const SbomArtifact = z.object({
  id: Id,
  /** The run whose checkout it describes; null for an uploaded container image's SBOM. */
  runId: Id.nullable(),
  /** The uploaded container image it describes; null for a run's SBOM. */
  imageId: Id.nullable(),
  /** The repository of the run, or the image reference. */
  repo: z.string(),
  format: z.string(),
  sbomHash: z.string(),
  componentCount: z.number().int(),
  sbomData: z.record(z.string(), z.unknown()),
  createdAt: z.iso.datetime({ offset: true }),
});
export type SbomArtifact = z.infer<typeof SbomArtifact>;
export const SbomList = z.array(SbomArtifact);
