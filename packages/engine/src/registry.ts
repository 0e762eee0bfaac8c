// The explicit registry: every analyzer the engine runs is listed here, and every rule is listed in
// its analyzer's `rules/index.ts`. Nothing registers itself by being imported.

import type { Analyzer } from "./analyzer.ts";
import { ciAnalyzer } from "./analyzers/ci/analyzer.ts";
import { cloudformationAnalyzer } from "./analyzers/cloudformation/analyzer.ts";
import { dockerfileAnalyzer } from "./analyzers/dockerfile/analyzer.ts";
import { kubernetesAnalyzer } from "./analyzers/kubernetes/analyzer.ts";
import { repositoryAnalyzer } from "./analyzers/repository/analyzer.ts";
import { sastAnalyzer } from "./analyzers/sast/analyzer.ts";
import { scaAnalyzer } from "./analyzers/sca/analyzer.ts";
import { secretsAnalyzer } from "./analyzers/secrets/analyzer.ts";
import { terraformAnalyzer } from "./analyzers/terraform/analyzer.ts";
import { type AnyRule, type RuleMeta, ruleMeta } from "./rule.ts";
import { engineRules } from "./suppress.ts";

/**
 * Add an analyzer by importing it from `./analyzers/<id>/analyzer.ts` and appending it here.
 * Order is the order of the docs index and of `rampart rules`.
 */
export const analyzers: readonly Analyzer[] = [
  cloudformationAnalyzer as Analyzer,
  kubernetesAnalyzer as Analyzer,
  terraformAnalyzer as Analyzer,
  dockerfileAnalyzer as Analyzer,
  ciAnalyzer as Analyzer,
  secretsAnalyzer as Analyzer,
  sastAnalyzer as Analyzer,
  scaAnalyzer as Analyzer,
  repositoryAnalyzer as Analyzer,
];

/** Every rule of the given analyzers, per-file rules first, then project rules. */
export function allRules(list: readonly Analyzer[] = analyzers): AnyRule[] {
  const rules: AnyRule[] = [];
  for (const analyzer of list) {
    rules.push(...analyzer.rules);
    if (analyzer.project) rules.push(...analyzer.project.rules);
  }
  return rules;
}

export function ruleById(list: readonly Analyzer[] = analyzers): Map<string, AnyRule> {
  return new Map(allRules(list).map((rule) => [rule.id, rule]));
}

/** The metadata of every rule a scan with these analyzers can report, the engine's own included. */
export function ruleCatalogue(list: readonly Analyzer[] = analyzers): RuleMeta[] {
  return [...allRules(list).map(ruleMeta), ...engineRules];
}
