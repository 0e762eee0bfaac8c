import { defineFileRule } from "../../../rule.ts";
import { entry, type WorkflowModel } from "../model.ts";

export const dependabotMissingCooldown = defineFileRule<WorkflowModel>({
  id: "ci/dependabot-missing-cooldown",
  analyzer: "ci",
  title: "Dependabot updates without a cooldown",
  severity: "low",
  confidence: "high",
  lifecycle: "preview",
  cwe: [1357],
  controls: ["CI-PIN-01"],
  docs: {
    summary:
      "An entry of `.github/dependabot.yml` has no `cooldown:`, so Dependabot proposes a new version as soon as it is published.",
    whyItMatters:
      "Malicious releases of hijacked packages and actions are usually found and pulled within days. Without a cooldown, the update pull request for such a release arrives within hours and is merged (often automatically) before anyone notices.",
    remediation:
      "Add `cooldown:` with `default-days` (a few days to a week); security updates are not delayed by it.",
    example:
      "updates:\n  - package-ecosystem: github-actions\n    directory: /\n    schedule:\n      interval: weekly\n    cooldown:\n      default-days: 7",
    references: [
      "https://docs.github.com/en/code-security/dependabot/working-with-dependabot/dependabot-options-reference#cooldown-",
      "https://docs.zizmor.sh/audits/#dependabot-cooldown",
    ],
  },
  check(ctx) {
    for (const update of ctx.model.dependabotUpdates) {
      if (entry(update.node, "cooldown")) continue;
      const at = update.ecosystem
        ? { line: update.ecosystem.line, column: update.ecosystem.column }
        : update.at;
      ctx.report({ message: `${update.ecosystem?.text ?? "this"} updates have no cooldown`, at });
    }
  },
});
