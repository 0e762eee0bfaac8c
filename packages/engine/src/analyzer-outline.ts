// What a scan, a config check and a rule listing need to know of an analyzer without loading it:
// its id, the kinds of file it takes and its rules' metadata. The registry keeps one outline per
// analyzer (`analyzers/<id>/catalogue.json`, generated from the analyzer by `npm run catalogue`)
// and imports the analyzer itself, with its parsers and rule code, only when a scan needs it.
import type { Analyzer, FileKind } from "./analyzer.ts";
import type { AnyRule, RuleMeta } from "./rule.ts";

/** A rule's metadata without its docs and its code. */
export type RuleOutline = Omit<RuleMeta, "docs"> & {
  /** True when the rule takes options in `.rampart.yaml` (their schema is in the rule's code). */
  configurable?: boolean;
  /** True for a cross-file (project) rule. */
  project?: boolean;
};

export interface AnalyzerOutline {
  id: string;
  title: string;
  accepts: readonly FileKind[];
  /** Per-file rules first, then project rules, in the analyzer's order. */
  rules: readonly RuleOutline[];
}

/** An outline and the way to load the analyzer it describes (a dynamic import, a chunk of its own). */
export interface AnalyzerEntry extends AnalyzerOutline {
  load(): Promise<Analyzer>;
}

function ruleOutline(rule: AnyRule, project: boolean): RuleOutline {
  const { id, analyzer, title, severity, confidence, lifecycle, cwe, controls } = rule;
  return {
    id,
    analyzer,
    title,
    severity,
    confidence,
    lifecycle,
    ...(cwe ? { cwe: [...cwe] } : {}),
    controls: [...controls],
    ...(rule.fixable ? { fixable: true } : {}),
    ...(rule.severityFromData ? { severityFromData: true } : {}),
    ...(rule.options ? { configurable: true } : {}),
    ...(project ? { project: true } : {}),
  };
}

/** The outline of a loaded analyzer: what its `catalogue.json` must hold. */
export function outlineOf(analyzer: Analyzer): AnalyzerOutline {
  return {
    id: analyzer.id,
    title: analyzer.title,
    accepts: [...analyzer.accepts],
    rules: [
      ...analyzer.rules.map((rule) => ruleOutline(rule as AnyRule, false)),
      ...(analyzer.project?.rules ?? []).map((rule) => ruleOutline(rule as AnyRule, true)),
    ],
  };
}

/** An entry for an analyzer that is already loaded (a test's registry exports analyzers, not entries). */
export function loadedEntry(analyzer: Analyzer): AnalyzerEntry {
  return { ...outlineOf(analyzer), load: async () => analyzer };
}

/** The ids of the analyzers that take a file of one of `kinds`. */
export function analyzersTaking(
  entries: readonly AnalyzerOutline[],
  kinds: ReadonlySet<FileKind>,
): Set<string> {
  return new Set(
    entries.filter((entry) => entry.accepts.some((kind) => kinds.has(kind))).map((entry) => entry.id),
  );
}
