// A pattern rule is data: the hazard (whose ast-grep rules live per language in
// `languages/<lang>.ts`), its metadata and docs. This turns it into a file rule.
import { defineFileRule, type FileRule, type RuleMeta } from "../../rule.ts";
import type { Category, PatternHazard } from "./languages/types.ts";
import type { SastModel } from "./model.ts";
import { patternMatches } from "./patterns.ts";

export interface PatternRuleData extends Omit<RuleMeta, "analyzer" | "id"> {
  hazard: PatternHazard;
  category: Category;
}

export function definePatternRule(data: PatternRuleData): FileRule<SastModel> & { category: Category } {
  const { hazard, category, ...meta } = data;
  return {
    ...defineFileRule<SastModel>({
      ...meta,
      id: `sast/${hazard}`,
      analyzer: "sast",
      check(ctx) {
        for (const match of patternMatches(ctx.model, hazard)) {
          ctx.report({
            message: match.message,
            at: match.at,
            ...(match.fix ? { fix: match.fix } : {}),
            ...(match.redact ? { redact: match.redact } : {}),
            ...(match.severity ? { severity: match.severity } : {}),
            properties: { category },
          });
        }
      },
    }),
    category,
  };
}
