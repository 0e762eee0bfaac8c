import { defineProjectRule } from "../../../rule.ts";
import { eachRepository, known } from "../facts.ts";
import type { RepositoryModel } from "../model.ts";

export const branchProtectionReviews = defineProjectRule<RepositoryModel>({
  id: "repository/branch-protection-reviews",
  analyzer: "repository",
  title: "Default branch accepts changes without an approving review",
  severity: "high",
  confidence: "high",
  lifecycle: "stable",
  cwe: [284],
  controls: ["REPO-CHG-01"],
  docs: {
    summary:
      "Changes can reach the default branch without a pull request approved by someone other than its author.",
    whyItMatters:
      "A second person reading each change is the control that catches mistakes and malicious commits before they ship, and the record of who approved what is the change-management evidence auditors sample.",
    remediation:
      "In the default branch's ruleset or branch protection rule, require a pull request before merging with at least one approving review.",
    references: [
      "https://docs.github.com/en/repositories/configuring-branches-and-merges-in-your-repository/managing-protected-branches/about-protected-branches#require-pull-request-reviews-before-merging",
    ],
  },
  check(ctx) {
    eachRepository(ctx, (model, report) => {
      const fact = model.protection.requiredApprovingReviews;
      const reviews = known(ctx, model, fact, "how many approving reviews the default branch requires");
      if (reviews !== 0) return;
      report({
        message: `Changes can be merged into ${model.defaultBranch} of ${model.repository} without an approving review`,
        at: fact.at,
      });
    });
  },
});
