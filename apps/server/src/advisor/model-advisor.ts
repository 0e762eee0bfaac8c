// Explanations and fixes by the language model, when one is configured (POST /api/explain/finding,
// POST /api/fixes/generate). The finding's text and its file are untrusted data: they reach the
// model delimited and with secrets masked, as the chat's tool results do. The tenant's budgets are
// the chat's. Whenever the model fails, is over budget or answers something unusable, the
// knowledge base answers instead; a model's fix is offered only once fix-validation.ts passed it,
// otherwise the rule's own fix or guidance is shown with a note saying why.
import type { Explanation, GeneratedFix } from "@rampart/contracts/advisor";
import type { RuleMeta } from "@rampart/engine";
import { z } from "zod";
import type { Advisor, FindingContext } from "./advisor.ts";
import type { AdvisorBudgets } from "./budgets.ts";
import type { FixValidation } from "./fix-validation.ts";
import { createModelCompletion } from "./model-completion.ts";
import type { ModelSettings } from "./openai-chat.ts";
import { maskSecrets } from "./untrusted.ts";

/** The largest file sent to the model for a fix. */
const MAX_FILE_CHARS = 40_000;
const FIELD_CHARS = 4_000;
/** Accepted answers kept in memory (explanations and fixes of findings). */
const MAX_KEPT = 2_000;

const ModelExplanation = z.object({
  explanation: z.string().trim().min(1).max(FIELD_CHARS),
  impact: z.string().trim().min(1).max(FIELD_CHARS),
  recommendation: z.string().trim().min(1).max(FIELD_CHARS),
});

const EXPLAIN_TASK = [
  "Explain the security finding described in the data below to an engineer and a security lead.",
  'Answer with one JSON object only: {"explanation": "...", "impact": "...", "recommendation": "..."},',
  "each a few sentences of plain text, grounded in the finding and the rule's documentation.",
].join(" ");

const FIX_TASK = [
  "Propose the smallest change to the file in the data below that resolves the finding without",
  "introducing other problems. Answer with a unified diff of that one file only (--- a/<path>,",
  "+++ b/<path>, @@ hunks with exact context lines), no commentary.",
].join(" ");

/** The finding as the model sees it: the rule's documentation and the finding's own words. */
function findingData(finding: FindingContext, rule: RuleMeta | undefined) {
  return {
    ruleId: finding.ruleId,
    ruleTitle: rule?.title,
    severity: finding.severity,
    message: finding.message,
    filePath: finding.filePath,
    line: finding.line,
    snippet: finding.snippet,
    ruleSummary: rule?.docs.summary,
    ruleRemediation: rule?.docs.remediation,
  };
}

/** The first JSON object in `text` (models wrap it in fences or prose despite being asked). */
function jsonObjectIn(text: string): unknown {
  const start = text.indexOf("{");
  const end = text.lastIndexOf("}");
  if (start === -1 || end <= start) return undefined;
  try {
    return JSON.parse(text.slice(start, end + 1));
  } catch {
    return undefined;
  }
}

/** The diff in `text`, without the fences a model may put around it. */
export function diffIn(text: string): string | undefined {
  const fenced = /```(?:diff|patch)?\s*\n([\s\S]*?)```/.exec(text);
  const body = fenced ? fenced[1]! : text;
  const start = body.search(/^--- /m);
  if (start === -1) return undefined;
  const diff = body.slice(start).replace(/\s+$/, "");
  return `${diff}\n`;
}

export function createModelAdvisor(deps: {
  settings: ModelSettings;
  rules: ReadonlyMap<string, RuleMeta>;
  knowledgeBase: Advisor;
  budgets: AdvisorBudgets;
  validation: FixValidation;
  log?: (message: string, error: unknown) => void;
}): Advisor & { model: string } {
  const { settings } = deps;
  const { complete } = createModelCompletion(deps);
  // A finding of a run never changes: the model's accepted answers about it are kept, so
  // expanding it again costs no model call, checkout or re-scan. Refusals are not kept (a
  // provider back up, or another try of the model, may do better).
  const accepted = new Map<string, Explanation | GeneratedFix>();
  const keyOf = (kind: string, finding: FindingContext) =>
    `${kind}:${finding.tenantId}:${finding.runId}:${finding.fingerprint}`;
  const keep = <T extends Explanation | GeneratedFix>(key: string, answer: T): T => {
    accepted.set(key, answer);
    if (accepted.size > MAX_KEPT) accepted.delete(accepted.keys().next().value as string);
    return answer;
  };

  /** The knowledge base's fix, with a note saying it is the rule's and why the model's is not shown. */
  async function fallbackFix(finding: FindingContext, why: string): Promise<GeneratedFix> {
    const fix = await deps.knowledgeBase.fix(finding);
    const what = fix.isPatch ? "the rule's own fix" : "the rule's guidance";
    return { ...fix, note: `${why}; this is ${what}.` };
  }

  return {
    model: settings.model,

    async explain(finding) {
      const tenantId = finding.tenantId;
      if (!tenantId) return deps.knowledgeBase.explain(finding);
      const key = keyOf("explain", finding);
      const kept = accepted.get(key);
      if (kept) return kept as Explanation;
      const answer = await complete(
        tenantId,
        EXPLAIN_TASK,
        findingData(finding, deps.rules.get(finding.ruleId)),
      );
      const parsed = answer.ok ? ModelExplanation.safeParse(jsonObjectIn(answer.text)) : undefined;
      if (!parsed?.success) return deps.knowledgeBase.explain(finding);
      // What the model wrote may quote a secret it guessed at; the answer is masked like its input.
      const explanation: Explanation = {
        explanation: maskSecrets(parsed.data.explanation),
        impact: maskSecrets(parsed.data.impact),
        recommendation: maskSecrets(parsed.data.recommendation),
        source: "language-model",
      };
      return finding.runId && finding.fingerprint ? keep(key, explanation) : explanation;
    },

    async fix(finding) {
      const { tenantId, runId, fingerprint, filePath } = finding;
      if (!tenantId || !runId || !fingerprint || !filePath)
        return fallbackFix(finding, "This finding has no file to change");
      const key = keyOf("fix", finding);
      const kept = accepted.get(key);
      if (kept) return kept as GeneratedFix;
      const opened = await deps.validation.open({ tenantId, runId, fingerprint, filePath });
      if (!opened.ok) return fallbackFix(finding, `No model fix: ${opened.reason}`);
      const { file } = opened;
      try {
        if (file.content.length > MAX_FILE_CHARS)
          return fallbackFix(finding, `No model fix: ${filePath} is too large to send to the model`);
        const answer = await complete(tenantId, FIX_TASK, {
          ...findingData(finding, deps.rules.get(finding.ruleId)),
          fileContent: file.content,
        });
        if (!answer.ok) return fallbackFix(finding, `No model fix: ${answer.reason}`);
        const diff = diffIn(answer.text);
        if (!diff) return fallbackFix(finding, "The language model's answer was not a diff");
        const check = await file.check(diff);
        if (!check.ok)
          return fallbackFix(finding, `The language model's fix was not offered: ${check.reason}`);
        return keep(key, {
          aiGeneratedFix: maskSecrets(diff),
          isPatch: true,
          source: "language-model",
          note: `Proposed by ${settings.model}; Rampart applied it to ${filePath} at the scanned commit, the file still parses, and a re-scan no longer reports the finding.`,
        });
      } finally {
        file.dispose();
      }
    },
  };
}
