// Policy runs: one scan of one commit of one repository (spec part 2, Policy Runs; part 1, §7).
import { z } from "zod";
import { Id, Severity, Timestamp } from "./common.ts";
import { EvidenceArtifact } from "./evidence.ts";
import { FixAvailability, FixPullRequestStatus, PrSuggestion } from "./fixes.ts";

export const RunStatus = z.enum(["pass", "fail", "skip"]);
export type RunStatus = z.infer<typeof RunStatus>;

/**
 * Why a run evaluated nothing. A failed scan (status fail): the checkout's fetch reasons
 * (`not_found` … `unreachable`), `scan_error` (the engine or the server failed) or `abandoned`
 * (its worker stopped responding); a skipped scan (status skip): `quota`. The database column
 * (policy_runs.reason_code) takes its values from this list.
 */
export const RUN_REASON_CODES = [
  "not_found",
  "auth_required",
  "refused_by_policy",
  "timed_out",
  "too_large",
  "unreachable",
  "scan_error",
  "abandoned",
  "quota",
] as const;
export const RunReasonCode = z.enum(RUN_REASON_CODES);
export type RunReasonCode = z.infer<typeof RunReasonCode>;

export const RunReason = z.object({
  code: RunReasonCode,
  /** A sentence of ours, safe to show (never git's own text). */
  message: z.string(),
});
export type RunReason = z.infer<typeof RunReason>;

/** `not-run`: the scan was told not to run it (its rules all disabled or filtered out, or not asked for). */
export const AnalyzerRunStatus = z.enum(["succeeded", "partial", "failed", "not-run"]);

export const AnalyzerRunSummary = z.object({
  analyzer: z.string(),
  status: AnalyzerRunStatus,
  filesAnalyzed: z.number().int(),
  skipped: z.array(z.object({ path: z.string(), reason: z.string() })),
  /** Why it was not run (status `not-run`). */
  reason: z.string().optional(),
});

export const Run = z.object({
  id: Id,
  tenantId: Id,
  repositoryId: Id,
  repo: z.string(),
  /** The commit scanned; empty when the scan failed before it had one (see `reason`). */
  commitSha: z.string(),
  /** The commit on the code host's website; null for local repositories and samples. */
  commitUrl: z.string().nullable(),
  /** `manual`, `schedule`, `demo-seed`, or `pr:<number>`. */
  triggeredBy: z.string(),
  status: RunStatus,
  filesScanned: z.number().int(),
  /** Failed findings of the run after waivers. */
  failedCount: z.number().int(),
  selfHash: z.string(),
  /** Why the run evaluated nothing (a scan that failed or was skipped); null when it evaluated its commit. */
  reason: RunReason.nullable(),
  /**
   * The memory the server's scan of this run took, in bytes: how far the worker process's
   * resident set rose above its level at the scan's start (engine worker threads included; other
   * work in the same process can add to it). Null when not measured: runs uploaded from CI, runs
   * that scanned nothing, older runs.
   */
  peakMemoryBytes: z.number().int().nonnegative().nullable().optional(),
  createdAt: Timestamp,
});
export type Run = z.infer<typeof Run>;

export const DateRange = z.enum(["all", "today", "week", "month"]);

export const RunsQuery = z.object({
  repo: z.string().trim().max(200).optional(),
  status: z.enum(["all", "pass", "fail", "skip"]).default("all"),
  dateRange: DateRange.default("all"),
  /** A run's control code: only runs with findings for it (link from the control drawer). */
  control: z.string().trim().max(50).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type RunsQuery = z.infer<typeof RunsQuery>;

/** The runs that match the filters, on every page: in all and by status. */
export const RunCounts = z.object({
  total: z.number().int(),
  pass: z.number().int(),
  fail: z.number().int(),
  skip: z.number().int(),
});
export type RunCounts = z.infer<typeof RunCounts>;

export const RunsPage = z.object({
  runs: z.array(Run),
  nextCursor: z.string().nullable(),
  counts: RunCounts,
});
export type RunsPage = z.infer<typeof RunsPage>;

export const FindingStatus = z.enum(["pass", "fail", "skip"]);

export const FindingMetadata = z.object({
  control: z.object({ code: z.string(), title: z.string(), severity: Severity }).optional(),
  /** Every control the finding's rule evidences (`controlId` is the first); empty for a rule that evidences none. */
  controls: z.array(z.string()).optional(),
  /** Remediation guidance shown under 'Remediation Guidance'. */
  suggestion: z.string().optional(),
  evidenceHash: z.string().optional(),
  ruleTitle: z.string().optional(),
  cwe: z.array(z.number().int()).optional(),
  snippet: z.string().optional(),
  /** A unified diff when the rule has a mechanical fix. */
  patch: z.string().optional(),
  waiverId: Id.optional(),
});

export const Finding = z.object({
  id: Id,
  runId: Id,
  controlId: z.string(),
  ruleId: z.string(),
  analyzer: z.string(),
  severity: Severity,
  status: FindingStatus,
  message: z.string(),
  filePath: z.string().nullable(),
  line: z.number().int().nullable(),
  fingerprint: z.string(),
  /** True when a waiver covers it: it stays recorded but does not count as a failure. */
  waived: z.boolean(),
  metadata: FindingMetadata,
  /** Whether a fix pull request can be opened for it (POST /api/fixes/finding), or why not. */
  fix: FixAvailability,
  /** The open (or merged) pull request that fixes it, when one was opened. */
  fixPullRequest: FixPullRequestStatus.nullable(),
  run: z.object({
    createdAt: Timestamp,
    commitSha: z.string(),
    commitUrl: z.string().nullable(),
    repo: z.string(),
  }),
});
export type Finding = z.infer<typeof Finding>;

export const Waiver = z.object({
  id: Id,
  scope: z.enum(["fingerprint", "rule-path", "rule"]),
  ruleId: z.string(),
  pathPattern: z.string().nullable(),
  fingerprint: z.string().nullable(),
  reason: z.string(),
  author: z.string(),
  expiresAt: Timestamp.nullable(),
  revokedAt: Timestamp.nullable(),
  /** Under four-eyes approval: waiting for a second person, and waiving nothing until then. */
  pending: z.boolean(),
  approvedBy: z.string().nullable(),
  createdAt: Timestamp,
});
export type Waiver = z.infer<typeof Waiver>;

export const RunDetail = z.object({
  run: Run,
  findings: z.array(Finding),
  analyzers: z.array(AnalyzerRunSummary),
  waivers: z.array(Waiver),
  /** The fix pull requests opened for the run's findings. */
  prSuggestions: z.array(PrSuggestion),
  /** The run's entries in the evidence ledger (empty for an auditor while auditor access is off). */
  evidenceArtifacts: z.array(EvidenceArtifact),
});
export type RunDetail = z.infer<typeof RunDetail>;

export const RunParams = z.object({ id: Id });

export const TriggerRunBody = z.object({
  tenantId: Id,
  /** A repository name of the tenant (`owner/name`) or its id. Defaults to the tenant's first repository. */
  repo: z.string().trim().min(1).max(200).optional(),
});

/** 200 when the scan finished within the wait; 202 with the scan id to poll otherwise. */
export const TriggerRunResponse = z.object({
  scanId: Id,
  state: z.enum(["queued", "running", "completed", "failed"]),
  runId: Id.nullable(),
  filesScanned: z.number().int(),
  failed: z.number().int(),
  error: z.string().nullable(),
});
export type TriggerRunResponse = z.infer<typeof TriggerRunResponse>;

export const ScanParams = z.object({ scanId: Id });

export const CreateWaiverBody = z.object({
  findingId: Id,
  scope: z.enum(["fingerprint", "rule-path", "rule"]).default("fingerprint"),
  /** For `rule-path`: a glob such as `infra/legacy/**`; defaults to the finding's file. */
  pathPattern: z.string().trim().min(1).max(500).optional(),
  reason: z.string().trim().min(3, { error: "A reason of at least 3 characters is required" }).max(2000),
  expiresAt: Timestamp.refine((value) => new Date(value).getUTCFullYear() <= 9999, {
    error: "must be in year 9999 or earlier",
  }).optional(),
});
export type CreateWaiverBody = z.infer<typeof CreateWaiverBody>;

/** `triggeredBy` of a run uploaded from CI (POST /api/runs/upload). */
export const UPLOAD_TRIGGER = "upload";

/** A repository's display name as CI names it (`group/name`, `owner/name`, `name`), or its id. */
export const RepositoryName = z
  .string()
  .trim()
  .min(1, { error: "A repository name or id is required" })
  .max(200)
  .regex(/^[A-Za-z0-9_.-]+(?:\/[A-Za-z0-9_.-]+)*$/, {
    error: "expected a repository id or a name such as group/name (letters, digits, . _ - and /)",
  })
  .refine((name) => name.split("/").every((part) => part !== "." && part !== ".."), {
    error: "expected a repository id or a name such as group/name, without . or .. parts",
  });

/**
 * What a CI upload says besides its report (the report itself is the engine's JSON report, the
 * output of `rampart scan --format json`, added by the server's route schema).
 */
export const UploadRunFields = z.object({
  /**
   * The repository's id, or its name: a name the organization has no repository of creates one
   * (source `upload`), so a CI system can report a repository Rampart cannot fetch. An id must be
   * one of the organization's repositories.
   */
  repository: RepositoryName,
  /** The scanned commit: a full SHA-1 or SHA-256 object name. */
  commit: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^(?:[0-9a-f]{40}|[0-9a-f]{64})$/, { error: "expected a full commit SHA (40 or 64 hex digits)" }),
  /** The branch CI built; null or absent for a detached commit. */
  branch: z.string().trim().min(1).max(255).nullable().optional(),
});
export type UploadRunFields = z.infer<typeof UploadRunFields>;

export const UploadRunResponse = z.object({
  /** The new run's id. */
  id: Id,
  repositoryId: Id,
  repo: z.string(),
  /** Whether the upload created the repository. */
  repositoryCreated: z.boolean(),
  status: RunStatus,
  failedCount: z.number().int(),
  selfHash: z.string(),
  /** The run on Policy Runs. */
  url: z.string(),
});
export type UploadRunResponse = z.infer<typeof UploadRunResponse>;
