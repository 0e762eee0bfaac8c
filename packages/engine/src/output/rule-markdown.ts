// One rule's documentation in Markdown, from its metadata. Used for SARIF `help.markdown` and
// for the generated rule pages, so that both always say the same thing.
import type { RuleMeta } from "../rule.ts";

/** `headingLevel` is the level of the rule's own heading (the docs pages use 2, SARIF help 2). */
export function ruleMarkdown(rule: RuleMeta, headingLevel: number): string {
  const sub = "#".repeat(headingLevel + 1);
  const facts = [
    `**Severity:** ${rule.severity}`,
    `**Confidence:** ${rule.confidence}`,
    `**Lifecycle:** ${rule.lifecycle}`,
    `**Controls:** ${rule.controls.length > 0 ? rule.controls.map((code) => `\`${code}\``).join(", ") : "none"}`,
  ];
  if (rule.cwe && rule.cwe.length > 0) {
    facts.push(
      `**CWE:** ${rule.cwe.map((cwe) => `[CWE-${cwe}](https://cwe.mitre.org/data/definitions/${cwe}.html)`).join(", ")}`,
    );
  }
  if (rule.fixable) facts.push("**Autofix:** yes (`rampart fix`)");
  const parts = [
    facts.join(" · "),
    rule.docs.summary,
    `${sub} Why it matters\n\n${rule.docs.whyItMatters}`,
    `${sub} Remediation\n\n${rule.docs.remediation}`,
  ];
  if (rule.docs.example) parts.push(`${sub} Example\n\n\`\`\`\n${rule.docs.example}\n\`\`\``);
  if (rule.docs.references && rule.docs.references.length > 0) {
    parts.push(
      `${sub} References\n\n${rule.docs.references.map((reference) => `- ${reference}`).join("\n")}`,
    );
  }
  parts.push(`Suppress with a reason: \`rampart:ignore ${rule.id} <reason>\``);
  return parts.join("\n\n");
}
