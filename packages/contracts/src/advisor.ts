// Explanations and fixes for a finding (spec part 1, Active Findings). `source` says honestly
// where the answer came from: the rule catalogue today, a language model when one is configured.
import { z } from "zod";
import { Id } from "./common.ts";

export const AnswerSource = z.enum(["knowledge-base", "language-model"]);

export const ExplainFindingBody = z.object({
  findingId: Id,
  controlId: z.string().min(1).max(50).optional(),
});
export const Explanation = z.object({
  explanation: z.string(),
  impact: z.string(),
  recommendation: z.string(),
  source: AnswerSource,
});
export type Explanation = z.infer<typeof Explanation>;

export const GenerateFixBody = z.object({
  findingId: Id,
  findingType: z.string().min(1).max(20).default("iac"),
});
export const GeneratedFix = z.object({
  aiGeneratedFix: z.string(),
  /** True when the fix is the rule's own mechanical patch (a unified diff). */
  isPatch: z.boolean(),
  source: AnswerSource,
});
export type GeneratedFix = z.infer<typeof GeneratedFix>;
