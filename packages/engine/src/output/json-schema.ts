// The JSON report's contract: its shape as a zod schema, which a test holds the output to and the
// server checks uploads against. Apart from json.ts so that writing a report does not load zod.
import { z } from "zod";
import { CONFIDENCES, LIFECYCLES, SEVERITIES } from "../rule.ts";
import { JSON_REPORT_VERSION } from "./json.ts";

const LocationSchema = z.object({
  path: z.string(),
  line: z.number().int().positive(),
  column: z.number().int().positive(),
  endLine: z.number().int().positive().optional(),
  endColumn: z.number().int().positive().optional(),
  snippet: z.string(),
});

const FindingSchema = z.object({
  ruleId: z.string(),
  analyzer: z.string(),
  severity: z.enum(SEVERITIES),
  confidence: z.enum(CONFIDENCES),
  message: z.string(),
  location: LocationSchema,
  related: z.array(z.object({ location: LocationSchema, message: z.string() })),
  fingerprint: z.string().regex(/^[0-9a-f]{64}$/),
  fix: z
    .object({
      description: z.string(),
      path: z.string(),
      edits: z.array(
        z.object({
          start: z.number().int().nonnegative(),
          end: z.number().int().nonnegative(),
          text: z.string(),
        }),
      ),
    })
    .optional(),
  suppression: z
    .object({ kind: z.enum(["inline", "config", "vex"]), reason: z.string(), source: z.string() })
    .optional(),
  baseline: z.enum(["new", "unchanged"]).optional(),
  /** Structured facts (a secret's `secretSha256`, an advisory's `cveId`…); values are plain JSON. */
  properties: z
    .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.null()]))
    .optional(),
});

const RuleSchema = z.object({
  id: z.string(),
  analyzer: z.string(),
  title: z.string(),
  severity: z.enum(SEVERITIES),
  confidence: z.enum(CONFIDENCES),
  lifecycle: z.enum(LIFECYCLES),
  cwe: z.array(z.number().int().positive()).optional(),
  controls: z.array(z.string()),
  fixable: z.boolean().optional(),
  docs: z.object({
    summary: z.string(),
    whyItMatters: z.string(),
    remediation: z.string(),
    example: z.string().optional(),
    references: z.array(z.string()).optional(),
  }),
});

const SkippedSchema = z.object({ path: z.string(), reason: z.string() });

export const ScanReportSchema = z.object({
  version: z.literal(JSON_REPORT_VERSION),
  tool: z.object({ name: z.string(), version: z.string() }),
  scan: z.object({
    root: z.string(),
    startedAt: z.iso.datetime(),
    durationMs: z.number().nonnegative(),
    filesScanned: z.number().int().nonnegative(),
    bytesScanned: z.number().int().nonnegative(),
    kinds: z.record(z.string(), z.number().int().nonnegative()),
    /** Present when git history was scanned for secrets too. */
    history: z
      .object({
        commits: z.number().int().nonnegative(),
        blobsScanned: z.number().int().nonnegative(),
        blobsSkipped: z.number().int().nonnegative(),
      })
      .optional(),
  }),
  summary: z.object({
    findings: z.number().int().nonnegative(),
    bySeverity: z.object({ critical: z.number(), high: z.number(), med: z.number(), low: z.number() }),
    suppressed: z.number().int().nonnegative(),
    new: z.number().int().nonnegative().optional(),
  }),
  analyzers: z.array(
    z.object({
      analyzer: z.string(),
      status: z.enum(["succeeded", "partial", "failed", "not-run"]),
      filesGiven: z.number().int().nonnegative(),
      filesAnalyzed: z.number().int().nonnegative(),
      /** Absent in reports written before it was measured. */
      busyMs: z.number().nonnegative().optional(),
      skipped: z.array(SkippedSchema),
      error: z.string().optional(),
      /** Why the analyzer was not run (status `not-run`). */
      reason: z.string().optional(),
    }),
  ),
  skipped: z.array(SkippedSchema),
  /** Metadata of the rules that have findings in this report. */
  rules: z.array(RuleSchema),
  findings: z.array(FindingSchema),
});
export type ScanReport = z.infer<typeof ScanReportSchema>;
