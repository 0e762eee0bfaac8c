// Structural pattern rules: the YAML keys map one to one onto an ast-grep rule object, so what a
// team writes is what ast-grep runs (https://ast-grep.github.io/reference/rule.html).
import type { SgNode } from "@ast-grep/napi";
import { isDead } from "../analyzers/sast/dead-code.ts";
import { type SastModel, spanOf } from "../analyzers/sast/model.ts";
import type { Report } from "../rule.ts";
import type { PatternRule, PatternValue } from "./schema.ts";

export interface AstGrepConfig {
  rule: Record<string, unknown>;
  constraints?: Record<string, unknown>;
}

export function patternList(value: PatternValue | PatternValue[] | undefined): PatternValue[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/**
 * `pattern`/`any` → the node rule; `pattern-not` → `not` of the same node; `inside`/`not-inside`
 * → `inside` an ancestor anywhere above (`stopBy: end`); `metavariables` → `constraints`.
 */
export function compilePatternRule(rule: PatternRule): AstGrepConfig {
  const main: Record<string, unknown> =
    rule.pattern !== undefined
      ? { pattern: rule.pattern }
      : { any: (rule.any ?? []).map((pattern) => ({ pattern })) };
  const all: Record<string, unknown>[] = [main];
  for (const pattern of patternList(rule["pattern-not"])) all.push({ not: { pattern } });
  for (const pattern of patternList(rule.inside)) all.push({ inside: { pattern, stopBy: "end" } });
  for (const pattern of patternList(rule["not-inside"]))
    all.push({ not: { inside: { pattern, stopBy: "end" } } });
  const config: AstGrepConfig = { rule: all.length === 1 ? main : { all } };
  if (rule.metavariables) {
    const constraints: Record<string, unknown> = {};
    for (const [name, condition] of Object.entries(rule.metavariables)) {
      const tests: Record<string, unknown>[] = [];
      if (condition.regex !== undefined) tests.push({ regex: condition.regex });
      if (condition["not-regex"] !== undefined) tests.push({ not: { regex: condition["not-regex"] } });
      constraints[name] = tests.length === 1 ? tests[0] : { all: tests };
    }
    config.constraints = constraints;
  }
  return config;
}

/**
 * Words every match must contain, per alternative: the names in a pattern that are not
 * metavariables are matched as written, so a file without them cannot match and is not walked
 * (the built-in rules' `prefilter`, derived). A `context` pattern's wrapper code need not be in
 * the file, so such an alternative has no words (always walked).
 */
export function requiredWords(rule: PatternRule): string[][] {
  const alternatives = rule.pattern !== undefined ? [rule.pattern] : (rule.any ?? []);
  return alternatives.map((pattern) =>
    typeof pattern === "string"
      ? [
          ...new Set(
            pattern.replace(/\$+[A-Z_][A-Z0-9_]*|\$\$\$/g, " ").match(/[A-Za-z_][A-Za-z0-9_]{2,}/g) ?? [],
          ),
        ]
      : [],
  );
}

/** True when some alternative's words all occur in the text (a cheap test before the tree walk). */
export function mayMatch(words: readonly (readonly string[])[], text: string): boolean {
  return words.some((alternative) => alternative.every((word) => text.includes(word)));
}

/** `$X` and `$$$X` in a message become the captured text (a long capture is cut). */
export function interpolate(message: string, node: SgNode): string {
  return message.replace(
    /\$\$\$([A-Z_][A-Z0-9_]*)|\$([A-Z_][A-Z0-9_]*)/g,
    (whole, multi?: string, single?: string) => {
      const text = multi
        ? node
            .getMultipleMatches(multi)
            .map((item) => item.text())
            .join("")
        : single
          ? node.getMatch(single)?.text()
          : undefined;
      if (text === undefined) return whole;
      const flat = text.replace(/\s+/g, " ");
      return flat.length > 120 ? `${flat.slice(0, 117)}…` : flat;
    },
  );
}

/** Matches of one compiled rule in a file, outside code that never runs, as reports. */
export function patternReports(model: SastModel, config: AstGrepConfig, message: string): Report[] {
  const reports: Report[] = [];
  // One finding per construct, as the built-in pattern rules: a match inside one already reported
  // (`unsafe.String(unsafe.SliceData(b), …)`) is part of it. Matches come outermost first.
  const reported: { start: number; end: number }[] = [];
  for (const node of model.root.findAll(config as never)) {
    const range = node.range();
    const start = range.start.index;
    const end = range.end.index;
    if (reported.some((other) => other.start <= start && end <= other.end)) continue;
    if (isDead(model, start)) continue;
    reported.push({ start, end });
    reports.push({ message: interpolate(message, node), at: spanOf(node) });
  }
  return reports;
}
