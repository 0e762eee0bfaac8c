// Taint rules: a custom rule is one more hazard for the built-in taint engine. Its sources, sinks
// and sanitizers become a language spec of their own (the grammar's node kinds stay the
// language's), so the flows follow assignments, calls, containers and fields exactly as the
// built-in rules' do.

import { deadSpans } from "../analyzers/sast/dead-code.ts";
import type {
  LanguageSpec,
  SanitizerSpec,
  SinkSpec,
  SourceSpec,
  TaintHazard,
} from "../analyzers/sast/languages/types.ts";
import type { SastModel } from "../analyzers/sast/model.ts";
import { taintFlows } from "../analyzers/sast/taint.ts";
import type { Report } from "../rule.ts";
import type { TaintRule } from "./schema.ts";

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** `{name: db.raw}` is exactly that text; `{regex: …}` is the author's expression. */
function regexOf(item: { name?: string | string[] | undefined; regex?: string | undefined }): RegExp {
  if (item.regex !== undefined) return new RegExp(item.regex);
  const names = Array.isArray(item.name) ? item.name : [item.name ?? ""];
  return new RegExp(`^(?:${names.map(escapeRegex).join("|")})$`);
}

/**
 * A source is found by a text scan of the file (the engine's own sources are too): the regex is
 * unanchored there and a match must not continue an identifier. A name ending in `(` is a call.
 */
function sourceRegexOf(item: { name?: string | string[] | undefined; regex?: string | undefined }): RegExp {
  if (item.regex !== undefined) return new RegExp(item.regex);
  const names = Array.isArray(item.name) ? item.name : [item.name ?? ""];
  return new RegExp(names.map(escapeRegex).join("|"));
}

/** The spec the taint engine reads for this rule in one language, built once per rule and language. */
export function taintSpecOf(rule: TaintRule, base: LanguageSpec): LanguageSpec {
  const hazard = `custom/${rule.id}` as TaintHazard;
  const sources: SourceSpec[] = rule.sources.map((source) => ({
    kinds: [],
    text: sourceRegexOf(source),
    label: source.label ?? "untrusted data",
  }));
  const sinks: SinkSpec[] = rule.sinks.map((sink) => ({
    hazard,
    callee: regexOf(sink.callee),
    args: sink.args,
    label: sink.callee.label ?? "sink",
  }));
  const sanitizers: SanitizerSpec[] = rule.sanitizers.map((sanitizer) => ({
    callee: regexOf(sanitizer),
    hazards: [hazard],
  }));
  const builtin = rule["builtin-sources"];
  return {
    grammar: base.grammar,
    kinds: base.kinds,
    sources: builtin ? [...base.sources, ...sources] : sources,
    ...(builtin && base.parameterSources ? { parameterSources: base.parameterSources } : {}),
    sanitizers,
    sinks,
    patterns: [],
  };
}

/** Flows of the rule's sources into its sinks, reported like the built-in taint rules. */
export function taintReports(model: SastModel, spec: LanguageSpec, rule: TaintRule): Report[] {
  // The engine caches its index per model; this rule's model has its own spec, so its own cache.
  // Dead code does not depend on the spec: computed once per file, shared.
  const own: SastModel = { ...model, spec, cache: new Map([["dead", deadSpans(model)]]) };
  return taintFlows(own, `custom/${rule.id}` as TaintHazard).map((flow) => ({
    message: `${rule.message} (${flow.source.label} from line ${flow.source.line} reaches \`${flow.callee}\`)`,
    at: {
      line: flow.sink.line,
      column: flow.sink.column,
      endLine: flow.sink.endLine,
      endColumn: flow.sink.endColumn,
    },
    related: [
      { at: { line: flow.source.line, column: flow.source.column }, message: `source: ${flow.source.label}` },
      ...(flow.source.steps ?? []).map((step) => ({
        at: { line: step.line, column: step.column },
        message: `step: \`${step.name}\``,
      })),
    ],
    properties: { sourceLine: flow.source.line, sinkLine: flow.sink.line },
  }));
}
