import { defineFileRule } from "../../../rule.ts";
import { asScalar, entry, type WorkflowModel } from "../model.ts";

/**
 * Fewer days than this leave too little time: malicious releases are typically found and pulled
 * within a few days, and a cooldown that ends before then only delays the compromise.
 */
const MINIMUM_DAYS = 7;

export const dependabotMissingCooldown = defineFileRule<WorkflowModel>({
  id: "ci/dependabot-missing-cooldown",
  analyzer: "ci",
  title: "Dependabot updates without a sufficient cooldown",
  severity: "low",
  confidence: "high",
  lifecycle: "preview",
  cwe: [1357],
  controls: ["CI-PIN-01"],
  docs: {
    summary:
      "An entry of `.github/dependabot.yml` has no `cooldown:`, a `cooldown:` without `default-days` (versions outside the semver-specific settings are not delayed), or a `default-days` below 7, so Dependabot proposes a new version (nearly) as soon as it is published.",
    whyItMatters:
      "Malicious releases of hijacked packages and actions are usually found and pulled within days. Without a cooldown, the update pull request for such a release arrives within hours and is merged (often automatically) before anyone notices.",
    remediation: "Add `cooldown:` with `default-days` of at least 7; security updates are not delayed by it.",
    example:
      "updates:\n  - package-ecosystem: github-actions\n    directory: /\n    schedule:\n      interval: weekly\n    cooldown:\n      default-days: 7",
    references: [
      "https://docs.github.com/en/code-security/dependabot/working-with-dependabot/dependabot-options-reference#cooldown-",
      "https://docs.zizmor.sh/audits/#dependabot-cooldown",
    ],
  },
  check(ctx) {
    for (const update of ctx.model.dependabotUpdates) {
      const ecosystem = update.ecosystem?.text ?? "this";
      const cooldown = entry(update.node, "cooldown");
      if (!cooldown) {
        const at = update.ecosystem
          ? { line: update.ecosystem.line, column: update.ecosystem.column }
          : update.at;
        ctx.report({ message: `${ecosystem} updates have no cooldown`, at });
        continue;
      }
      const defaultDays = entry(cooldown.value, "default-days");
      if (!defaultDays) {
        ctx.report({ message: `${ecosystem} updates have a cooldown without default-days`, at: cooldown.at });
        continue;
      }
      const days = Number(asScalar(defaultDays.value)?.text);
      // A value that is not a number (an expression, a typo) is Dependabot's to reject, not a short cooldown.
      if (Number.isFinite(days) && days < MINIMUM_DAYS) {
        ctx.report({
          message: `${ecosystem} updates cool down for ${days} day${days === 1 ? "" : "s"}, fewer than ${MINIMUM_DAYS}`,
          at: defaultDays.at,
        });
      }
    }
  },
});
