import { defineProjectRule } from "../../../rule.ts";
import { eachRepository, known } from "../facts.ts";
import type { RepositoryModel } from "../model.ts";

export const pushProtectionDisabled = defineProjectRule<RepositoryModel>({
  id: "repository/push-protection-disabled",
  analyzer: "repository",
  title: "Pushes containing secrets are not blocked",
  severity: "med",
  confidence: "high",
  lifecycle: "stable",
  cwe: [798],
  controls: ["REPO-SEC-01"],
  docs: {
    summary:
      "Secret scanning push protection is not enabled: a push that contains a detected secret is accepted.",
    whyItMatters:
      "Finding a secret after it was pushed means rotating it; blocking the push keeps it out of the history in the first place, where clones and forks would copy it.",
    remediation: "Enable push protection under Settings → Code security → Secret protection.",
    references: [
      "https://docs.github.com/en/code-security/secret-scanning/introduction/about-push-protection",
    ],
  },
  check(ctx) {
    eachRepository(ctx, (model, report) => {
      const enabled = known(ctx, model, model.pushProtection, "whether push protection is on");
      if (enabled !== false) return;
      report({
        message: `Pushes to ${model.repository} that contain secrets are not blocked`,
        at: model.pushProtection.at,
      });
    });
  },
});
