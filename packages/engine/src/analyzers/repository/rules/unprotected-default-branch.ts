import { defineProjectRule } from "../../../rule.ts";
import { eachRepository, known } from "../facts.ts";
import type { RepositoryModel } from "../model.ts";

export const unprotectedDefaultBranch = defineProjectRule<RepositoryModel>({
  id: "repository/unprotected-default-branch",
  analyzer: "repository",
  title: "Default branch without branch protection or rulesets",
  severity: "high",
  confidence: "high",
  lifecycle: "stable",
  cwe: [284],
  controls: ["REPO-CHG-01", "REPO-CHG-02"],
  docs: {
    summary:
      "No branch protection rule and no ruleset applies to the repository's default branch: anyone with write access can push to it directly.",
    whyItMatters:
      "The default branch is what gets built and deployed. Without protection a single person (or a stolen token) can push unreviewed code, skip every check and rewrite history, and the change-management evidence an auditor asks for first (SOC 2 CC8.1, ISO 27001 A.8.32) does not exist.",
    remediation:
      "Protect the default branch: add a ruleset targeting it (Settings → Rules → Rulesets) or a branch protection rule that requires pull requests with at least one approving review, dismisses stale approvals, requires the CI status checks and blocks force pushes.",
    references: [
      "https://docs.github.com/en/repositories/configuring-branches-and-merges-in-your-repository/managing-rulesets/about-rulesets",
      "https://docs.github.com/en/repositories/configuring-branches-and-merges-in-your-repository/managing-protected-branches/about-protected-branches",
    ],
  },
  check(ctx) {
    eachRepository(ctx, (model, report) => {
      const isProtected = known(
        ctx,
        model,
        model.protection.protected,
        "whether the default branch is protected",
      );
      if (isProtected !== false) return;
      report({
        message: `The default branch ${model.defaultBranch} of ${model.repository} has no branch protection and no ruleset`,
        at: model.protection.protected.at,
      });
    });
  },
});
