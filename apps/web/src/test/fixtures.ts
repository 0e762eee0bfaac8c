// Builders of API answers for component tests, shaped by @rampart/contracts.
import type { ControlStatusRow } from "@rampart/contracts/controls";
import type { DashboardSummary } from "@rampart/contracts/dashboard";
import type { ChainStatus, EvidenceArtifact } from "@rampart/contracts/evidence";
import type { Repository } from "@rampart/contracts/repositories";
import type { Finding, Run, RunsPage } from "@rampart/contracts/runs";
import type { ScaFinding } from "@rampart/contracts/sca";

export const TENANT_ID = "11111111-1111-4111-8111-111111111111";
let sequence = 0;
export function uuid(): string {
  sequence += 1;
  return `00000000-0000-4000-8000-${String(sequence).padStart(12, "0")}`;
}

export function testRun(overrides: Partial<Run> = {}): Run {
  return {
    id: uuid(),
    tenantId: TENANT_ID,
    repositoryId: "aaaaaaaa-0000-4000-8000-000000000001",
    repo: "acme/payments-api",
    commitSha: "0123456789abcdef0123456789abcdef01234567",
    commitUrl: null,
    triggeredBy: "manual",
    status: "pass",
    filesScanned: 120,
    failedCount: 0,
    selfHash: "feedfacecafebeef0123456789",
    reason: null,
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    ...overrides,
  };
}

/** A page of the runs list; its counts are those of the runs given unless a test says otherwise. */
export function testRunsPage(runs: Run[], nextCursor: string | null, counts?: RunsPage["counts"]): RunsPage {
  const byStatus = { total: runs.length, pass: 0, fail: 0, skip: 0 };
  for (const run of runs) byStatus[run.status] += 1;
  return { runs, nextCursor, counts: counts ?? byStatus };
}

export function testFinding(overrides: Partial<Finding> = {}): Finding {
  return {
    id: uuid(),
    runId: uuid(),
    controlId: "IAC-ENC-01",
    ruleId: "terraform/unencrypted-s3-bucket",
    analyzer: "terraform",
    severity: "high",
    status: "fail",
    message: "S3 bucket is not encrypted",
    filePath: "infra/main.tf",
    line: 12,
    fingerprint: "fp",
    waived: false,
    metadata: { suggestion: "Enable server-side encryption" },
    fix: { available: false, reason: "No automated fix is available for this finding" },
    fixPullRequest: null,
    run: {
      createdAt: "2025-06-01T14:05:00.000Z",
      commitSha: "abcdef0123456789",
      commitUrl: null,
      repo: "acme/payments-api",
    },
    ...overrides,
  };
}

export function testControlRow(
  overrides: Partial<ControlStatusRow> & { code?: string; tags?: string[] } = {},
) {
  const { code = "IAC-ENC-01", tags = ["iac"], ...rest } = overrides;
  return {
    control: {
      id: code,
      code,
      title: "Encryption at rest",
      description: "Storage is encrypted at rest.",
      severity: "high",
      tags,
      version: 1,
    },
    passes: 3,
    failures: 2,
    compliance: 60,
    evaluated: true,
    evidenceHashes: ["hash-one-0123456789", "hash-two-0123456789"],
    ...rest,
  } as ControlStatusRow;
}

export function testRepository(overrides: Partial<Repository> = {}): Repository {
  return {
    id: "aaaaaaaa-0000-4000-8000-000000000001",
    tenantId: TENANT_ID,
    name: "acme/payments-api",
    source: "git",
    location: "https://github.com/acme/payments-api.git",
    defaultBranch: "main",
    scanSchedule: null,
    hasCredential: false,
    createdAt: "2025-05-01T00:00:00.000Z",
    ...overrides,
  };
}

/** Open findings by severity, as the server counts them (here: of the findings given). */
export function testFindingCounts(findings: readonly Finding[]): DashboardSummary["openFindingCounts"] {
  const counts = { total: 0, critical: 0, high: 0, med: 0, low: 0 };
  for (const finding of findings) {
    if (finding.status !== "fail" || finding.waived) continue;
    counts[finding.severity] += 1;
    counts.total += 1;
  }
  return counts;
}

export function testSummary(overrides: Partial<DashboardSummary> = {}): DashboardSummary {
  return {
    tenantId: TENANT_ID,
    days: 7,
    generatedAt: new Date().toISOString(),
    hasData: true,
    metrics: {
      postureScore: 72,
      activeRuns: 3,
      criticalFindings: 2,
      remediationTime: 0.5,
      postureChange: 4,
      remediationChangePercent: -25,
      postureTrend: "stable",
      postureHistory: [
        { date: "2025-05-30", score: 60 },
        { date: "2025-05-31", score: 68 },
        { date: "2025-06-01", score: 72 },
      ],
    },
    narrative: { text: "Posture is moderate with two critical findings.", confidence: 85, trend: "down" },
    cisoSnapshot: {
      lastUpdated: new Date(Date.now() - 10 * 60_000).toISOString(),
      postureAnalysis: "Posture analysis text",
      topRisks: ["Risk one", "Risk two", "Risk three", "Risk four"],
      remediationAnalysis: "Remediation analysis text",
      environmentAnalysis: "Environment analysis text",
    },
    controlStatus: [],
    recentRuns: [],
    prSuggestions: [],
    prActivity: { days: 7, merged: 0, pending: 0 },
    evidenceArtifacts: [],
    chainIntegrity: {
      isValid: true,
      totalRuns: 4,
      chainLength: 9,
      lastHash: "abc123",
      lastVerifiedAt: null,
      failure: null,
    },
    recentFindings: [],
    openFindingCounts: testFindingCounts(overrides.recentFindings ?? []),
    ...overrides,
  };
}

export function testScaFinding(overrides: Partial<ScaFinding> = {}): ScaFinding {
  return {
    id: uuid(),
    runId: uuid(),
    severity: "high",
    ecosystem: "npm",
    cveId: "CVE-2024-0001",
    aliases: ["GHSA-aaaa-bbbb-cccc"],
    cvssScore: 7.5,
    packageName: "lodash",
    packageVersion: "4.17.20",
    description: "Prototype pollution in lodash",
    fixedVersion: "4.17.21",
    license: "MIT",
    licenseUnknownReason: null,
    direct: true,
    dev: false,
    filePath: "package-lock.json",
    line: 42,
    repo: "acme/payments-api",
    fixPullRequest: null,
    ...overrides,
  };
}

/** A hash that reads as its block: "h3" padded to 64 hex-like characters. */
export function testHash(label: string): string {
  return label.padEnd(64, "0");
}

export const GENESIS_HASH = "0".repeat(64);

/** Block `index` of a test ledger: its hash is testHash(`h{index}`) and it links to the one before. */
export function testArtifact(index: number, overrides: Partial<EvidenceArtifact> = {}): EvidenceArtifact {
  return {
    id: uuid(),
    index,
    artifactType: "run",
    hash: testHash(`h${index}`),
    prevHash: index === 0 ? GENESIS_HASH : testHash(`h${index - 1}`),
    contentHash: testHash(`c${index}`),
    runId: "bbbbbbbb-0000-4000-8000-000000000001",
    createdAt: new Date(Date.now() - (10 - index) * 60_000).toISOString(),
    metadata: { status: "pass", repo: "acme/payments-api" },
    ...overrides,
  };
}

export function testChain(overrides: Partial<ChainStatus> = {}): ChainStatus {
  return {
    isValid: true,
    totalRuns: 2,
    chainLength: 3,
    lastHash: testHash("h2"),
    lastVerifiedAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    failure: null,
    ...overrides,
  };
}
