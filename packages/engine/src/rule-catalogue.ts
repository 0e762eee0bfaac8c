// The rules of a list of loaded analyzers, and their metadata as outputs and docs show it.
import type { Analyzer } from "./analyzer.ts";
import { type AnyRule, type RuleMeta, ruleMeta } from "./rule.ts";
import { engineRules } from "./suppress.ts";

/** Every rule of the given analyzers, per-file rules first, then project rules. */
export function allRules(list: readonly Analyzer[]): AnyRule[] {
  const rules: AnyRule[] = [];
  for (const analyzer of list) {
    rules.push(...analyzer.rules);
    if (analyzer.project) rules.push(...analyzer.project.rules);
  }
  return rules;
}

export function ruleById(list: readonly Analyzer[]): Map<string, AnyRule> {
  return new Map(allRules(list).map((rule) => [rule.id, rule]));
}

/** The metadata of every rule a scan with these analyzers can report, the engine's own included. */
export function ruleCatalogue(list: readonly Analyzer[]): RuleMeta[] {
  return [...allRules(list).map(ruleMeta), ...engineRules];
}
