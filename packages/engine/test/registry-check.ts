// Consistency of a registry, as data: ids unique and well-formed, every rule documented and
// mapped to a control, every rule file registered, every analyzer folder documented.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { allRules } from "../src/all-analyzers.ts";
import type { Analyzer } from "../src/analyzer.ts";
import { CONFIDENCES, LIFECYCLES, RULE_ID_PATTERN, ruleName, SEVERITIES } from "../src/rule.ts";

const ANALYZER_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** `dirOf(analyzer)` is the analyzer's folder (holding `README.md`, `rules/`, `fixtures/`). */
export function checkRegistry(list: readonly Analyzer[], dirOf: (analyzer: Analyzer) => string): string[] {
  const errors: string[] = [];
  const analyzerIds = new Set<string>();
  const ruleIds = new Set<string>();
  for (const analyzer of list) {
    if (!ANALYZER_ID.test(analyzer.id))
      errors.push(`analyzer id "${analyzer.id}" is not lower-case-hyphenated`);
    if (analyzerIds.has(analyzer.id)) errors.push(`analyzer "${analyzer.id}" is registered twice`);
    analyzerIds.add(analyzer.id);
    if (analyzer.accepts.length === 0) errors.push(`analyzer "${analyzer.id}" accepts no file kind`);
    const dir = dirOf(analyzer);
    if (!existsSync(join(dir, "README.md")))
      errors.push(`analyzer "${analyzer.id}" has no README.md in ${dir}`);

    const rules = allRules([analyzer]);
    for (const rule of rules) {
      const where = `rule "${rule.id}"`;
      if (!RULE_ID_PATTERN.test(rule.id)) errors.push(`${where}: id must read <analyzer>/<hazard>`);
      if (!rule.id.startsWith(`${analyzer.id}/`))
        errors.push(`${where}: id must start with "${analyzer.id}/"`);
      if (rule.analyzer !== analyzer.id)
        errors.push(`${where}: analyzer is "${rule.analyzer}", not "${analyzer.id}"`);
      if (ruleIds.has(rule.id)) errors.push(`${where}: registered twice`);
      ruleIds.add(rule.id);
      if (rule.title.trim() === "") errors.push(`${where}: empty title`);
      if (!SEVERITIES.includes(rule.severity)) errors.push(`${where}: unknown severity "${rule.severity}"`);
      if (!CONFIDENCES.includes(rule.confidence)) errors.push(`${where}: unknown confidence`);
      if (!LIFECYCLES.includes(rule.lifecycle)) errors.push(`${where}: unknown lifecycle`);
      // A rule may evidence no control: hygiene rules (image size, probes) remain findings, but a
      // control is evidenced only by the rules that test it (issue 17).
      for (const cwe of rule.cwe ?? []) {
        if (!Number.isInteger(cwe) || cwe <= 0) errors.push(`${where}: CWE ${cwe} is not a positive integer`);
      }
      for (const field of ["summary", "whyItMatters", "remediation"] as const) {
        if (rule.docs[field].trim() === "") errors.push(`${where}: docs.${field} is empty`);
      }
    }

    // A rule file that nobody registered would silently never run.
    const rulesDir = join(dir, "rules");
    if (existsSync(rulesDir)) {
      const names = new Set(rules.map((rule) => ruleName(rule.id)));
      for (const file of readdirSync(rulesDir)) {
        if (!file.endsWith(".ts") || file === "index.ts" || file.endsWith(".test.ts")) continue;
        const name = file.slice(0, -".ts".length);
        if (!names.has(name)) errors.push(`${rulesDir}/${file} defines no registered rule named "${name}"`);
      }
    }
  }
  return errors;
}
