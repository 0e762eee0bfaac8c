// Risk scores and the heatmap (spec part 1 Top 5 Risks / Risk Heatmap; part 2 Risk Intelligence).
import { z } from "zod";
import { Severity } from "./common.ts";

export const Risk = z.object({
  id: z.string(),
  severity: Severity,
  /** The finding family: IaC, Pipeline, Secrets, Container, SCA, SAST. */
  type: z.string(),
  description: z.string(),
  impact: z.string(),
  /** 0-10 from severity, exploitability and exposure (docs/formulas.md). */
  riskScore: z.number(),
  findingCount: z.number().int(),
});
export type Risk = z.infer<typeof Risk>;

export const RisksResponse = z.object({
  topRisks: z.array(Risk),
  totalRisks: z.number().int(),
  avgRiskScore: z.number(),
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
