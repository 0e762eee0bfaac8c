// Risk scores and the heatmap (spec part 1 Top 5 Risks / Risk Heatmap; part 2 Risk Intelligence).
import { z } from "zod";
import { Severity, SeverityCounts } from "./common.ts";

export const Risk = z.object({
  id: z.string(),
  /** The highest severity among its findings. */
  severity: Severity,
  /** The finding family: IaC, Pipeline, Secrets, Container, SCA, SAST. */
  type: z.string(),
  description: z.string(),
  impact: z.string(),
  /** 0-10 from severity, exploitability and exposure (docs/formulas.md). */
  riskScore: z.number(),
  findingCount: z.number().int(),
  /** What the group holds: its findings by severity (they add up to findingCount). */
  findingsBySeverity: SeverityCounts,
});
export type Risk = z.infer<typeof Risk>;

/** Risks shown when the caller names no page: the spec's top 5. */
export const TOP_RISKS_SHOWN = 5;
export const RISKS_PAGE_MAX = 100;

/** `GET /api/tenants/{tenantId}/risks?limit=&offset=`: a page of all risks, highest score first. */
export const RisksQuery = z.object({
  limit: z.coerce.number().int().min(1).max(RISKS_PAGE_MAX).default(TOP_RISKS_SHOWN),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type RisksQuery = z.infer<typeof RisksQuery>;

export const RisksResponse = z.object({
  /** The page: `limit` risks from `offset` on, highest score first (with no query, the top 5). */
  topRisks: z.array(Risk),
  /** How many risks there are in all, on every page. */
  totalRisks: z.number().int(),
  /** Over all risks, not only the page. */
  avgRiskScore: z.number(),
  offset: z.number().int(),
  limit: z.number().int(),
  /** Pass as `offset` for the next page; null on the last page. */
  nextOffset: z.number().int().nullable(),
});
export type RisksResponse = z.infer<typeof RisksResponse>;

export const HeatmapRow = z.object({
  type: z.string(),
  critical: z.number().int(),
  high: z.number().int(),
  med: z.number().int(),
  low: z.number().int(),
});

export const HeatmapResponse = z.object({ heatmap: z.array(HeatmapRow), totalFindings: z.number().int() });
export type HeatmapResponse = z.infer<typeof HeatmapResponse>;
