// A taint rule is data: the hazard (whose sources, sinks and sanitizers live per language in
// `languages/<lang>.ts`), its metadata and docs. This turns it into a file rule whose finding
// names the source and its line, carries the source as a related location, and attaches a
// mechanical fix where the language's sink spec has one.
import { defineFileRule, type FileRule, type RuleMeta } from "../../rule.ts";
import { fixFor } from "./fixes.ts";
import type { Category, TaintHazard } from "./languages/types.ts";
import type { SastModel } from "./model.ts";
import { taintFlows } from "./taint.ts";

export interface TaintRuleData extends Omit<RuleMeta, "analyzer" | "id"> {
  hazard: TaintHazard;
  category: Category;
}

export function defineTaintRule(data: TaintRuleData): FileRule<SastModel> & { category: Category } {
  const { hazard, ...meta } = data;
  return {
    ...defineFileRule<SastModel>({
      ...meta,
      id: `sast/${hazard}`,
      analyzer: "sast",
      check(ctx) {
        for (const flow of taintFlows(ctx.model, hazard)) {
          const via =
            flow.source.via.length > 0
              ? ` via ${flow.source.via.map((name) => `\`${name}\``).join(" → ")}`
              : "";
          const fix = fixFor(ctx.model, flow);
          ctx.report({
            message: `${flow.source.label} from line ${flow.source.line}${via} reaches the ${flow.label} of \`${flow.callee}\``,
            at: {
              line: flow.sink.line,
              column: flow.sink.column,
              endLine: flow.sink.endLine,
              endColumn: flow.sink.endColumn,
            },
            // The path: the source, each assignment, parameter or helper call it passed through.
            related: [
              {
                at: { line: flow.source.line, column: flow.source.column },
                message: `source: ${flow.source.label}`,
              },
              ...(flow.source.steps ?? []).map((step) => ({
                at: { line: step.line, column: step.column },
                message: `step: \`${step.name}\``,
              })),
            ],
            ...(fix ? { fix } : {}),
            properties: {
              category: data.category,
              sourceLine: flow.source.line,
              sinkLine: flow.sink.line,
              ...(flow.spec?.fix && !fix ? { fixSuggestion: flow.spec.fix.description } : {}),
            },
          });
        }
      },
    }),
    category: data.category,
  };
}
