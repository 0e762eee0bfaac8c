import { defineFileRule } from "../../../rule.ts";
import { allSteps, hasTrigger, type WorkflowModel, type YamlNode } from "../model.ts";

/**
 * The actor fields an event's sender controls (`github.event.sender.login` is the same person), in
 * dotted or index form (`github['actor']` reads the same field).
 */
const ACTOR = String.raw`(?:github\.(?:actor|triggering_actor)|github\[\s*'(?:actor|triggering_actor)'\s*\]|github\.event\.sender\.login)`;
const ACTOR_IS_BOT = new RegExp(
  [
    String.raw`${ACTOR}\s*==\s*'[^']*\[bot\]'`,
    String.raw`'[^']*\[bot\]'\s*==\s*${ACTOR}`,
    String.raw`(?:contains|endsWith)\s*\(\s*${ACTOR}\s*,\s*'[^']*\[bot\]'\s*\)`,
    String.raw`startsWith\s*\(\s*${ACTOR}\s*,\s*'(?:dependabot|renovate|github-actions)[^']*'\s*\)`,
  ].join("|"),
  "i",
);

/** Events that run with secrets and a write token while an outsider can be the actor. */
const PRIVILEGED_TRIGGERS = ["pull_request_target", "workflow_run", "issue_comment"];

export const spoofableBotCondition = defineFileRule<WorkflowModel>({
  id: "ci/spoofable-bot-condition",
  analyzer: "ci",
  title: "Privileged job trusts github.actor to be a bot",
  severity: "high",
  confidence: "medium",
  lifecycle: "preview",
  cwe: [290],
  controls: ["CI-TRIG-01"],
  docs: {
    summary:
      "An `if:` of a `pull_request_target`, `workflow_run` or `issue_comment` workflow grants something because `github.actor == 'dependabot[bot]'` (or another bot, `github.triggering_actor`, `github.event.sender.login`, `contains`/`endsWith(github.actor, '[bot]')`, `startsWith(github.actor, 'dependabot')`).",
    whyItMatters:
      "`github.actor` is whoever caused the latest event, not the author of the pull request: an attacker can make Dependabot update their PR (or trigger a re-run) so that the condition holds for their code.",
    remediation:
      "Check the pull request author instead (`github.event.pull_request.user.login == 'dependabot[bot]'`), and never combine it with running the PR's code.",
    example: "if: github.event.pull_request.user.login == 'dependabot[bot]'",
    references: ["https://docs.zizmor.sh/audits/#bot-conditions"],
  },
  check(ctx) {
    if (!hasTrigger(ctx.model, ...PRIVILEGED_TRIGGERS)) return;
    const inspect = (node: YamlNode | null | undefined) => {
      if (node?.kind === "scalar" && ACTOR_IS_BOT.test(node.text)) {
        ctx.report({
          message: "github.actor can be made a bot by an attacker",
          at: { line: node.line, column: node.column },
        });
      }
    };
    for (const job of ctx.model.jobs) inspect(job.if);
    for (const { step } of allSteps(ctx.model)) inspect(step.node.entries.find((e) => e.key === "if")?.value);
  },
});
