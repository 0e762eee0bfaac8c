// An AI coding agent in a workflow follows whatever text it reads; who may reach it and what it
// may do decide whether a stranger's comment becomes a command run with the job's credentials.
import { defineFileRule } from "../../../rule.ts";
import { type AgentAction, AI_AGENT_ACTIONS } from "../data/action-catalogue.ts";
import { references, untrustedField } from "../expressions.ts";
import { actionPath, allSteps, type Step, type WorkflowModel, withEntry, withValue } from "../model.ts";
import { limitedToTrustedCommenters } from "./dangerous-trigger.ts";

/**
 * Events anyone can cause on a public repository, whose text (titles, bodies, diffs) the agent
 * reads, in the base repository's context. `pull_request` is not among them: a fork's pull request
 * runs without the repository's secrets (the agent's API key included) and with a read-only token.
 */
const OUTSIDER_EVENTS = new Set([
  "issue_comment",
  "issues",
  "pull_request_target",
  "pull_request_review",
  "pull_request_review_comment",
  "discussion",
  "discussion_comment",
]);

function agentOf(step: Step): AgentAction | undefined {
  const path = actionPath(step);
  return AI_AGENT_ACTIONS.find((agent) => agent.repository === path);
}

/** Gemini CLI settings: problems with the tools and approvals they grant, or [] when they are unknown. */
function settingsProblems(text: string | undefined): string[] {
  if (text === undefined)
    return ["no settings restrict its tools (tools.core or tools.exclude): it may run any shell command"];
  if (text.includes("${{")) return []; // computed at run time: nothing to judge here
  let settings: unknown;
  try {
    settings = JSON.parse(text);
  } catch {
    return [];
  }
  if (typeof settings !== "object" || settings === null) return [];
  const record = settings as Record<string, unknown>;
  const problems: string[] = [];
  const tools = (record.tools ?? {}) as Record<string, unknown>;
  const core = Array.isArray(tools.core) ? tools.core : undefined;
  if (!core && !Array.isArray(tools.exclude))
    problems.push(
      "its settings do not restrict its tools (tools.core or tools.exclude): it may run any shell command",
    );
  // run_shell_command(echo) admits `echo; anything`: Gemini CLI matches the command's prefix
  if (core?.some((tool) => typeof tool === "string" && /^run_shell_command\b/.test(tool)))
    problems.push("tools.core lets it run shell commands");
  if (record.sandbox === false) problems.push("its sandbox is switched off");
  if (/yolo/i.test(text)) problems.push("yolo mode approves every tool call without asking");
  return problems;
}

export const unrestrictedAiAgent = defineFileRule<WorkflowModel>({
  id: "ci/unrestricted-ai-agent",
  analyzer: "ci",
  title: "AI agent action that outsiders can instruct or that runs without restrictions",
  severity: "high",
  confidence: "medium",
  lifecycle: "preview",
  cwe: [77, 1427],
  controls: ["CI-INJ-01", "CI-TRIG-01"],
  docs: {
    summary:
      // biome-ignore lint/suspicious/noTemplateCurlyInString: GitHub Actions ${{ }} expression syntax, not a JS template
      'A step runs an AI coding agent (`anthropics/claude-code-action`, `openai/codex-action`, `google-github-actions/run-gemini-cli`) that anyone may invoke (`allowed_non_write_users: "*"`, `allowed_bots: "*"`, `allow-users: "*"`), whose prompt embeds text an outsider wrote (`${{ github.event.issue.body }}`), that may run any shell command or has its safeguards off (`Bash(*)`, `--dangerously-skip-permissions`, `sandbox: danger-full-access`, `safety-strategy: unsafe`, Gemini settings without a tool restriction, with `run_shell_command`, `sandbox: false` or yolo mode), or that runs on an event outsiders cause in the context of the repository (`issue_comment`, `issues`, `pull_request_target`…) without a job `if:` limiting the author to OWNER, MEMBER or COLLABORATOR.',
    whyItMatters:
      "An agent follows instructions found in what it reads: a comment, an issue or a pull request can tell it to print secrets, push code or call the API with the job's token (prompt injection). Each of these settings widens who can give those instructions or what the agent can do with them.",
    remediation:
      "Keep the allow lists to named accounts, pass event text as data the agent is told not to obey rather than inside the prompt, allow only the commands the task needs (`Bash(npm test)`), keep sandboxes and safety strategies on, and give jobs on public events an `if:` on `author_association` (OWNER, MEMBER, COLLABORATOR) and a read-only token.",
    example:
      'on:\n  issue_comment:\n    types: [created]\njobs:\n  review:\n    if: contains(fromJSON(\'["OWNER", "MEMBER", "COLLABORATOR"]\'), github.event.comment.author_association)\n    permissions:\n      contents: read\n    runs-on: ubuntu-latest\n    steps:\n      - uses: anthropics/claude-code-action@<sha>\n        with:\n          claude_args: --allowedTools "Bash(npm test)"',
    references: [
      "https://docs.zizmor.sh/audits/#agentic-actions",
      "https://github.com/anthropics/claude-code-action/blob/main/docs/security.md",
      "https://genai.owasp.org/llmrisk/llm01-prompt-injection/",
    ],
  },
  check(ctx) {
    const reported = new Set<string>();
    for (const { step, job } of allSteps(ctx.model)) {
      const agent = agentOf(step);
      if (!agent || !step.uses) continue;
      const name = agent.repository;
      for (const input of agent.allowLists) {
        const value = withValue(step, input);
        if (value?.text.split(",").some((item) => item.trim() === "*")) {
          ctx.report({ message: `${name} lets anyone invoke it (${input}: "*")`, at: value });
        }
      }
      for (const input of agent.prompts) {
        const value = withValue(step, input);
        const field = value?.expressions
          .flatMap((expression) => references(expression.text))
          .map((reference) => untrustedField(reference, ctx.model))
          .find((found) => found !== null);
        if (value && field) {
          ctx.report({ message: `${name} is prompted with ${field}, text an outsider wrote`, at: value });
        }
      }
      for (const rule of agent.unrestricted) {
        const value = withValue(step, rule.input);
        if (value && rule.pattern.test(value.text)) {
          ctx.report({ message: `${name}: ${rule.input} ${rule.what}`, at: value });
        }
      }
      if (agent.toolSettings) {
        const entry = withEntry(step, agent.toolSettings);
        const text = withValue(step, agent.toolSettings)?.text;
        for (const problem of settingsProblems(text)) {
          ctx.report({ message: `${name}: ${problem}`, at: entry?.at ?? step.withEntry?.at ?? step.uses.at });
        }
      }
      if (job && limitedToTrustedCommenters(job)) continue;
      for (const trigger of ctx.model.triggers) {
        if (!OUTSIDER_EVENTS.has(trigger.name) || reported.has(trigger.name)) continue;
        reported.add(trigger.name);
        ctx.report({
          message: `${name} runs on ${trigger.name}, which anyone can cause: the agent reads and may follow what they wrote`,
          at: trigger.at,
          related: [{ at: step.uses.at, message: "the agent step" }],
        });
      }
    }
  },
});
