// The Advisor answers "what is this finding and how do I fix it". This implementation answers
// from the rule catalogue and the finding's own context, and says so; a later one may call a
// language model behind the same interface.
import type { Explanation, GeneratedFix } from "@rampart/contracts/advisor";
import type { RuleMeta } from "@rampart/engine";

export interface FindingContext {
  /** Where the finding was recorded; a model-backed fix needs them to check its patch. */
  tenantId?: string;
  runId?: string;
  fingerprint?: string;
  ruleId: string;
  message: string;
  filePath: string | null;
  line: number | null;
  severity: string;
  snippet?: string;
  /** A unified diff of the rule's mechanical fix, when it has one. */
  patch?: string;
  fixDescription?: string;
}

export interface Advisor {
  explain(finding: FindingContext): Promise<Explanation>;
  fix(finding: FindingContext): Promise<GeneratedFix>;
}

const where = (finding: FindingContext) =>
  finding.filePath ? ` in ${finding.filePath}${finding.line ? ` at line ${finding.line}` : ""}` : "";

export function createKnowledgeBaseAdvisor(rules: ReadonlyMap<string, RuleMeta>): Advisor {
  const ruleOf = (finding: FindingContext) => rules.get(finding.ruleId);
  return {
    async explain(finding) {
      const rule = ruleOf(finding);
      return {
        explanation: `${finding.message}${where(finding)}. ${rule?.docs.summary ?? ""}`.trim(),
        impact:
          rule?.docs.whyItMatters ?? `A ${finding.severity} severity finding of rule ${finding.ruleId}.`,
        recommendation:
          rule?.docs.remediation ?? "Review the finding and apply the rule's documented remediation.",
        source: "knowledge-base",
      };
    },

    async fix(finding) {
      if (finding.patch) return { aiGeneratedFix: finding.patch, isPatch: true, source: "knowledge-base" };
      const rule = ruleOf(finding);
      const parts = [
        `# ${rule?.title ?? finding.ruleId}${where(finding)}`,
        finding.snippet ? `# offending line:\n#   ${finding.snippet.trim()}` : undefined,
        `# ${rule?.docs.remediation ?? "Apply the rule's documented remediation."}`,
        rule?.docs.example ? `\n${rule.docs.example}` : undefined,
      ];
      return { aiGeneratedFix: parts.filter(Boolean).join("\n"), isPatch: false, source: "knowledge-base" };
    },
  };
}
