// What the rest of the engine needs to know about custom rules without loading them (or ast-grep):
// the analyzer id, where a repository keeps its rules, and a rule's metadata as outputs show it.
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { RuleMeta } from "../rule.ts";
import type { CustomRuleDefinition } from "./schema.ts";

export const CUSTOM_ANALYZER_ID = "custom";

/** The folder of a repository that holds its rules, relative to the scanned root. */
export const REPOSITORY_RULES_FOLDER = ".rampart/rules";

/** Whether a scan has rule files to load at all: most do not, and need not load the loader. */
export function hasCustomRuleSources(root: string | undefined, directories: readonly string[]): boolean {
  return directories.length > 0 || (root !== undefined && existsSync(join(root, REPOSITORY_RULES_FOLDER)));
}

/** The metadata of a custom rule, as a built-in rule's: what outputs, docs and SARIF show. */
export function customRuleMeta(definition: CustomRuleDefinition): RuleMeta {
  const { rule } = definition;
  const summary = rule.description ?? rule.message.replace(/\$[A-Z_][A-Z0-9_]*/g, "…");
  return {
    id: `${CUSTOM_ANALYZER_ID}/${rule.id}`,
    analyzer: CUSTOM_ANALYZER_ID,
    title: rule.title ?? rule.id.replaceAll("-", " ").replace(/^./, (first) => first.toUpperCase()),
    severity: rule.severity,
    confidence: rule.confidence,
    lifecycle: "stable",
    controls: rule.controls,
    ...(rule.cwe ? { cwe: rule.cwe } : {}),
    docs: {
      summary,
      whyItMatters: `A rule of this repository's own (${definition.file}, line ${definition.line}). ${summary}`,
      remediation: rule.remediation ?? "See the rule's author.",
      ...(rule.references ? { references: rule.references } : {}),
    },
  };
}
