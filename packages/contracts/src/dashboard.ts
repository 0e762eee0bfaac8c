// The Security Dashboard's summary (spec part 1, Security Dashboard and §3).
import { z } from "zod";
import { SeverityStats, Timestamp } from "./common.ts";
import { ControlStatusRow } from "./controls.ts";
import { ChainStatus, EvidenceArtifact } from "./evidence.ts";
import { Finding, Run } from "./runs.ts";

export const Trend = z.enum(["up", "down", "stable"]);

export const SummaryQuery = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((d) => [7, 30, 90].includes(d), { error: "days must be 7, 30 or 90" })
    .default(7),
});

export const Metrics = z.object({
  /** Percent of evaluated control checks that passed in the latest run of each repository. */
  postureScore: z.number(),
  activeRuns: z.number().int(),
  criticalFindings: z.number().int(),
  /** Mean days from first seen to fixed, over findings fixed in the window; null when none were fixed. */
  remediationTime: z.number().nullable(),
  /** Change against the previous window, in the metric's own unit; null without history. */
  postureChange: z.number().nullable(),
  remediationChangePercent: z.number().nullable(),
  postureTrend: Trend,
  /** Daily posture scores for the chart, oldest first. */
  postureHistory: z.array(z.object({ date: z.string(), score: z.number() })),
});

export const CisoSnapshot = z.object({
  lastUpdated: Timestamp,
  postureAnalysis: z.string(),
  topRisks: z.array(z.string()),
  remediationAnalysis: z.string(),
  environmentAnalysis: z.string(),
});

export const Narrative = z.object({
  text: z.string(),
  confidence: z.number().nullable(),
  trend: Trend.nullable(),
});

export const ChainIntegrity = ChainStatus;

/** Active Findings lists the first 5 of a severity filter (spec part 1, §9). */
export const ACTIVE_FINDINGS_SHOWN = 5;

/** The PR Bot card's caption: fix pull requests opened in the last `days` days, by state. */
export const PrActivity = z.object({
  days: z.number().int(),
  merged: z.number().int(),
  /** Still open: waiting for review or merge. */
  pending: z.number().int(),
});
export type PrActivity = z.infer<typeof PrActivity>;

export const DashboardSummary = z.object({
  tenantId: z.uuid(),
  days: z.number().int(),
  generatedAt: Timestamp,
  hasData: z.boolean(),
  metrics: Metrics,
  narrative: Narrative,
  cisoSnapshot: CisoSnapshot,
  controlStatus: z.array(ControlStatusRow),
  recentRuns: z.array(Run),
  prSuggestions: z.array(z.unknown()),
  prActivity: PrActivity,
  evidenceArtifacts: z.array(EvidenceArtifact),
  chainIntegrity: ChainIntegrity,
  /**
   * The most severe open findings of each severity (at most ACTIVE_FINDINGS_SHOWN of each), most
   * severe first, so that every severity filter of Active Findings has its own first five.
   */
  recentFindings: z.array(Finding),
  /** All open findings of the latest runs by severity: the counts beside the filters. */
  openFindingCounts: SeverityStats,
});
export type DashboardSummary = z.infer<typeof DashboardSummary>;
