import { defineProjectRule } from "../../../rule.ts";
import { eachRepository, known } from "../facts.ts";
import type { RepositoryModel } from "../model.ts";

export const staleReviewsNotDismissed = defineProjectRule<RepositoryModel>({
  id: "repository/stale-reviews-not-dismissed",
  analyzer: "repository",
  title: "Approvals on the default branch survive new pushes",
  severity: "med",
  confidence: "high",
  lifecycle: "stable",
  controls: ["REPO-CHG-01"],
  docs: {
    summary:
      "A pull request into the default branch keeps its approvals when new commits are pushed to it after the review.",
    whyItMatters:
      "An author can get an innocent change approved, then push anything on top and merge it with the old approval: the review no longer covers what ships.",
    remediation:
      "Turn on 'Dismiss stale pull request approvals when new commits are pushed' in the branch protection rule (in a ruleset: 'Dismiss stale pull request approvals when new commits are pushed' under the pull request rule).",
    references: [
      "https://docs.github.com/en/repositories/configuring-branches-and-merges-in-your-repository/managing-protected-branches/about-protected-branches#require-pull-request-reviews-before-merging",
    ],
  },
  check(ctx) {
    eachRepository(ctx, (model, report) => {
      const fact = model.protection.dismissStaleReviews;
      const dismissed = known(ctx, model, fact, "whether new pushes dismiss approvals on the default branch");
      if (dismissed !== false) return;
      report({
        message: `Approvals of pull requests into ${model.defaultBranch} of ${model.repository} are kept after new pushes`,
        at: fact.at,
      });
    });
  },
});
