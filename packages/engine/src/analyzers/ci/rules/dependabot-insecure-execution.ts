import { defineFileRule } from "../../../rule.ts";
import { asScalar, entry, type WorkflowModel } from "../model.ts";

export const dependabotInsecureExecution = defineFileRule<WorkflowModel>({
  id: "ci/dependabot-insecure-execution",
  analyzer: "ci",
  title: "Dependabot allowed to run code from dependencies",
  severity: "high",
  confidence: "high",
  lifecycle: "stable",
  cwe: [829, 94],
  controls: ["CI-SECRET-01", "CI-PIN-01"],
  docs: {
    summary:
      "An entry of `.github/dependabot.yml` sets `insecure-external-code-execution: allow`, which lets Dependabot run code from the manifests it updates (Bundler `gemspec`s, Mix, Python `setup.py`) while resolving versions.",
    whyItMatters:
      "Dependabot resolves updates with access to the private registries and credentials configured for it. Allowing code execution means a malicious or hijacked dependency version runs its own code during the update and can read those credentials.",
    remediation:
      "Remove the option (the default is `deny`) or set `insecure-external-code-execution: deny`; vendor or pin the packages that need code execution to resolve.",
    example:
      "updates:\n  - package-ecosystem: bundler\n    directory: /\n    schedule:\n      interval: weekly\n    insecure-external-code-execution: deny",
    references: [
      "https://docs.github.com/en/code-security/dependabot/working-with-dependabot/dependabot-options-reference#insecure-external-code-execution",
      "https://docs.zizmor.sh/audits/#dependabot-execution",
    ],
  },
  check(ctx) {
    for (const update of ctx.model.dependabotUpdates) {
      const option = entry(update.node, "insecure-external-code-execution");
      if (option && asScalar(option.value)?.text.trim().toLowerCase() === "allow") {
        ctx.report({
          message: `${update.ecosystem?.text ?? "this"} update lets dependencies run code during resolution`,
          at: option.at,
        });
      }
    }
  },
});
