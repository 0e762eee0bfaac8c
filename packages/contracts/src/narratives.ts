// The page narrators of Policy Runs, Evidence and Compliance (issue 20, item 6): one sentence
// written from the figures the page shows, by the language model when one is configured and from
// templates otherwise, with the spec's fixed confidences (part 2, §9) whoever wrote it.
import { z } from "zod";
import { ComplianceParams } from "./compliance.ts";
import { EvidenceQuery } from "./evidence.ts";
import { RunsQuery } from "./runs.ts";

export const NarrativeTrend = z.enum(["up", "down", "stable"]);
export type NarrativeTrend = z.infer<typeof NarrativeTrend>;

export const PageNarrative = z.object({
  summary: z.string(),
  /** Fixed by the spec per page: 85 runs, 95 evidence, compliance percent + 10 capped at 95. */
  confidence: z.number().min(0).max(100),
  /** Null where the page shows no trend (evidence). */
  trend: NarrativeTrend.nullable(),
  /** Who wrote the summary: the model's name, or "templates". */
  source: z.string(),
});
export type PageNarrative = z.infer<typeof PageNarrative>;

/** The runs page's filters: the narrator speaks of every run they match. */
export const RunsNarrativeQuery = RunsQuery.pick({
  repo: true,
  status: true,
  dateRange: true,
  control: true,
});
export type RunsNarrativeQuery = z.infer<typeof RunsNarrativeQuery>;

/** The evidence page's filters and how many blocks it shows. */
export const EvidenceNarrativeQuery = EvidenceQuery;
export type EvidenceNarrativeQuery = z.infer<typeof EvidenceNarrativeQuery>;

export const ComplianceNarrativeQuery = z.object({ frameworkId: ComplianceParams.shape.frameworkId });
export type ComplianceNarrativeQuery = z.infer<typeof ComplianceNarrativeQuery>;
