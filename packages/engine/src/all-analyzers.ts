// Every analyzer of the registry, loaded: for what needs every rule's code or docs at once (rule
// docs, the server's rule lookups, tests). A scan loads only what its files need (registry.ts).
import type { Analyzer } from "./analyzer.ts";
import { analyzerEntries } from "./registry.ts";
import type { AnyRule, RuleMeta } from "./rule.ts";
import * as catalogue from "./rule-catalogue.ts";

export const analyzers: readonly Analyzer[] = await Promise.all(analyzerEntries.map((entry) => entry.load()));

/** Every rule of the given analyzers (default: all), per-file rules first, then project rules. */
export function allRules(list: readonly Analyzer[] = analyzers): AnyRule[] {
  return catalogue.allRules(list);
}

export function ruleById(list: readonly Analyzer[] = analyzers): Map<string, AnyRule> {
  return catalogue.ruleById(list);
}

/** The metadata of every rule a scan with these analyzers can report, the engine's own included. */
export function ruleCatalogue(list: readonly Analyzer[] = analyzers): RuleMeta[] {
  return catalogue.ruleCatalogue(list);
}
