// Rule options from `.rampart.yaml` (`options: { <rule id>: … }`): checked against the schema each
// configurable rule declares, then applied by swapping the registered rule for the same rule
// built with its options, in the workers and on the main thread alike. Both are async because a
// rule's schema is imported only when options name the rule (rule.ts, `ruleOptions`).
import type { Analyzer } from "./analyzer.ts";
import type { AnyRule, FileRule, ProjectRule } from "./rule.ts";

/**
 * One line per problem, each naming the rule: an id no rule has, a rule that takes no options, or
 * options its schema refuses (with the path inside them). Empty when every entry is good.
 */
export async function ruleOptionErrors(
  options: Readonly<Record<string, unknown>>,
  rules: readonly Pick<AnyRule, "id" | "options">[],
): Promise<string[]> {
  const byId = new Map(rules.map((rule) => [rule.id, rule]));
  const errors: string[] = [];
  for (const [id, value] of Object.entries(options)) {
    const rule = byId.get(id);
    if (!rule) {
      errors.push(`options.${id}: no rule has this id`);
      continue;
    }
    if (!rule.options) {
      errors.push(`options.${id}: this rule takes no options`);
      continue;
    }
    const parsed = (await rule.options.schema()).safeParse(value);
    if (parsed.success) continue;
    for (const issue of parsed.error.issues.slice(0, 3)) {
      const where = issue.path.length > 0 ? `.${issue.path.join(".")}` : "";
      errors.push(`options.${id}${where}: ${issue.message}`);
    }
  }
  return errors;
}

/** Thrown by `configureAnalyzers` on options that `ruleOptionErrors` would refuse. */
export class RuleOptionsError extends Error {}

/**
 * The analyzers with every rule named in `options` replaced by the same rule built with them.
 * Analyzers without a configured rule are returned as they are.
 */
export async function configureAnalyzers(
  analyzers: readonly Analyzer[],
  options: Readonly<Record<string, unknown>> | undefined,
): Promise<Analyzer[]> {
  if (!options || Object.keys(options).length === 0) return [...analyzers];
  const rules = analyzers.flatMap((analyzer) => [...analyzer.rules, ...(analyzer.project?.rules ?? [])]);
  const errors = await ruleOptionErrors(options, rules);
  if (errors.length > 0) throw new RuleOptionsError(errors.join("; "));
  // Every configured rule built first (each schema imported once), then swapped in below.
  const built = new Map<string, FileRule<unknown> | ProjectRule<unknown>>();
  for (const rule of rules as readonly AnyRule[])
    if (rule.id in options && rule.options)
      built.set(rule.id, await rule.options.configure(options[rule.id]));
  const configured = (rule: FileRule<unknown>) =>
    (built.get(rule.id) as FileRule<unknown> | undefined) ?? rule;
  const configuredProject = (rule: ProjectRule<unknown>) =>
    (built.get(rule.id) as ProjectRule<unknown> | undefined) ?? rule;
  return analyzers.map((analyzer) => {
    const touched =
      analyzer.rules.some((rule) => built.has(rule.id)) ||
      (analyzer.project?.rules.some((rule) => built.has(rule.id)) ?? false);
    if (!touched) return analyzer;
    const rules = analyzer.rules.map(configured);
    const byId = new Map(rules.map((rule) => [rule.id, rule]));
    const rulesFor = analyzer.rulesFor?.bind(analyzer);
    return {
      ...analyzer,
      rules,
      // An analyzer that picks its rules per model picks among the registered ones: swap them too.
      ...(rulesFor
        ? { rulesFor: (model: unknown) => rulesFor(model).map((rule) => byId.get(rule.id) ?? rule) }
        : {}),
      ...(analyzer.project
        ? { project: { ...analyzer.project, rules: analyzer.project.rules.map(configuredProject) } }
        : {}),
    };
  });
}
