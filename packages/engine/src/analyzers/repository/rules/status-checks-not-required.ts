import { defineProjectRule } from "../../../rule.ts";
import { eachRepository, known } from "../facts.ts";
import type { RepositoryModel } from "../model.ts";

export const statusChecksNotRequired = defineProjectRule<RepositoryModel>({
  id: "repository/status-checks-not-required",
  analyzer: "repository",
  title: "Default branch merges without required status checks",
  severity: "med",
  confidence: "high",
  lifecycle: "stable",
  controls: ["REPO-CHG-02"],
  docs: {
    summary: "No status check has to pass before a change is merged into the default branch.",
    whyItMatters:
      "Tests, builds and security scans that run on pull requests only inform; a red build or a failing scan can still be merged, so the pipeline is not a gate.",
    remediation:
      "Require the CI checks that must pass (tests, build, Rampart's check) in the default branch's ruleset or branch protection rule.",
    references: [
      "https://docs.github.com/en/repositories/configuring-branches-and-merges-in-your-repository/managing-protected-branches/about-protected-branches#require-status-checks-before-merging",
    ],
  },
  check(ctx) {
    eachRepository(ctx, (model, report) => {
      const fact = model.protection.requiredStatusChecks;
      const checks = known(ctx, model, fact, "which status checks the default branch requires");
      if (!checks || checks.length > 0) return;
      report({
        message: `No status check is required before merging into ${model.defaultBranch} of ${model.repository}`,
        at: fact.at,
      });
    });
  },
});
