// A taint rule is data: the hazard (whose sources, sinks and sanitizers live per language in
// `languages/<lang>.ts`), its metadata and docs. This turns it into a file rule whose finding
// names the source and its line, carries the source as a related location, and attaches a
// mechanical fix where the language's sink spec has one (`flowFix`, shared with the audit rule).
import { defineFileRule, type FileRule, type Report, type RuleMeta } from "../../rule.ts";
import { fixFor } from "./fixes.ts";
import type { Category, TaintHazard } from "./languages/types.ts";
import type { SastModel } from "./model.ts";
import { type TaintFlow, taintFlows } from "./taint.ts";

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
          // the invoking user's own input: `sast/unvalidated-local-input` reports it (audit tier)
          if (flow.source.local) continue;
          const { fix, fixSuggestion } = flowFix(ctx.model, flow);
          ctx.report({
            ...flowReport(flow),
            ...(fix ? { fix } : {}),
            properties: {
              category: data.category,
              sourceLine: flow.source.line,
              ...(flow.source.path ? { sourcePath: flow.source.path } : {}),
              sinkLine: flow.sink.line,
              ...(fixSuggestion ? { fixSuggestion } : {}),
            },
          });
        }
      },
    }),
    category: data.category,
  };
}

/**
 * The fix of a flow: a rewrite of its sink call (an argument list instead of a shell, bind
 * parameters instead of query text), or the sink's advice when no rewrite keeps the program's
 * meaning. It depends on the sink alone, so the audit rule's flows from the invoking user's input
 * get the same fix as the taint rules'. None for a sink in another file: the edit would be there.
 */
export function flowFix(model: SastModel, flow: TaintFlow): { fix?: Report["fix"]; fixSuggestion?: string } {
  const fix = flow.remote ? undefined : fixFor(model, flow);
  if (fix) return { fix };
  return flow.spec?.fix ? { fixSuggestion: flow.spec.fix.description } : {};
}

/**
 * A flow as a finding: the message names the source (by path when it lies in another file), the
 * names it passed through and the sink; the related locations are the path — the source, each
 * assignment, parameter or helper call, and the sink when it lies in another file.
 */
export function flowReport(flow: TaintFlow, note = ""): Pick<Report, "message" | "at" | "related"> {
  const via =
    flow.source.via.length > 0 ? ` via ${flow.source.via.map((name) => `\`${name}\``).join(" → ")}` : "";
  const from = flow.source.path ? `${flow.source.path} line ${flow.source.line}` : `line ${flow.source.line}`;
  const remote = flow.remote;
  const where = remote ? ` in ${remote.path} line ${remote.line}, through \`${remote.through}()\`` : "";
  return {
    message: `${flow.source.label} from ${from}${via} reaches the ${flow.label} of \`${flow.callee}\`${where}${note}`,
    at: {
      line: flow.sink.line,
      column: flow.sink.column,
      endLine: flow.sink.endLine,
      endColumn: flow.sink.endColumn,
    },
    related: [
      {
        at: { line: flow.source.line, column: flow.source.column },
        message: `source: ${flow.source.label}`,
        ...(flow.source.path ? { path: flow.source.path } : {}),
      },
      ...(flow.source.steps ?? []).map((step) => ({
        at: { line: step.line, column: step.column },
        message: `step: \`${step.name}\``,
        ...(step.path ? { path: step.path } : {}),
      })),
      ...(remote
        ? [
            {
              at: { line: remote.line, column: remote.column },
              message: `sink: ${flow.label} of \`${flow.callee}\``,
              path: remote.path,
            },
          ]
        : []),
    ],
  };
}
