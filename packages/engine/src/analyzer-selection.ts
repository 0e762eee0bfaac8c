// Which analyzers a scan runs, and which of their rules. An analyzer left with no rule to run (all
// disabled, none at the severity asked for, or not among the analyzers asked for) is not run at
// all: not prepared, given no file, and listed as `not-run` with the reason.
import type { AnalyzerOutline, RuleOutline } from "./analyzer-outline.ts";
import { isAtLeast, type Severity } from "./rule.ts";

export interface RuleSelection {
  /** Rule ids not to run (`.rampart.yaml` `disable:`). */
  disabledRules?: readonly string[];
  /** Severity per rule id, replacing the rule's own; the severity filter reads the result. */
  severityOverrides?: Readonly<Record<string, Severity>>;
  /** Only rules that can report at this severity or worse run. */
  minSeverity?: Severity;
  /** Only these analyzers run (ids); absent: every analyzer. */
  analyzers?: readonly string[];
}

export interface NotRunAnalyzer {
  analyzer: string;
  reason: string;
}

export interface AnalyzerPlan {
  /** Rule ids that do not run: the disabled ones and those the severity filter rules out. */
  inactiveRules: string[];
  notRun: NotRunAnalyzer[];
}

/** False when the rule can never report at `minSeverity` or worse. */
function meetsSeverity(rule: RuleOutline, selection: RuleSelection): boolean {
  const { minSeverity } = selection;
  if (minSeverity === undefined) return true;
  const override = selection.severityOverrides?.[rule.id];
  if (override !== undefined) return isAtLeast(override, minSeverity);
  return rule.severityFromData === true || isAtLeast(rule.severity, minSeverity);
}

/**
 * The first reason that applies, in this order; none when the analyzer has a rule to run. An
 * analyzer without any rule is left to run: nothing was asked of it to be switched off.
 */
function notRunReason(
  analyzer: AnalyzerOutline,
  selection: RuleSelection,
  disabled: ReadonlySet<string>,
): string | undefined {
  if (selection.analyzers && !selection.analyzers.includes(analyzer.id))
    return "not among the analyzers asked for";
  const { rules } = analyzer;
  if (rules.length === 0) return undefined;
  const enabled = rules.filter((rule) => !disabled.has(rule.id));
  if (enabled.length === 0) return "every rule is disabled";
  if (!enabled.some((rule) => meetsSeverity(rule, selection)))
    return `no rule at or above severity ${selection.minSeverity}`;
  return undefined;
}

export function planAnalyzers(analyzers: readonly AnalyzerOutline[], selection: RuleSelection): AnalyzerPlan {
  const disabled = new Set(selection.disabledRules ?? []);
  const inactive = new Set(disabled);
  const notRun: NotRunAnalyzer[] = [];
  for (const analyzer of analyzers) {
    const reason = notRunReason(analyzer, selection, disabled);
    if (reason !== undefined) notRun.push({ analyzer: analyzer.id, reason });
    for (const rule of analyzer.rules) if (!meetsSeverity(rule, selection)) inactive.add(rule.id);
  }
  return { inactiveRules: [...inactive], notRun };
}

/** True when the selection could leave a rule or an analyzer out; saves loading the registry early. */
export function selectsAnything(selection: RuleSelection): boolean {
  return (
    (selection.disabledRules?.length ?? 0) > 0 ||
    selection.minSeverity !== undefined ||
    selection.analyzers !== undefined
  );
}
