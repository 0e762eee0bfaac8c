import { defineProjectRule } from "../../../rule.ts";
import { eachRepository, known } from "../facts.ts";
import type { RepositoryModel } from "../model.ts";

export const forcePushesAllowed = defineProjectRule<RepositoryModel>({
  id: "repository/force-pushes-allowed",
  analyzer: "repository",
  title: "Default branch history can be rewritten by force pushes",
  severity: "high",
  confidence: "high",
  lifecycle: "stable",
  cwe: [284],
  controls: ["REPO-CHG-02"],
  docs: {
    summary: "Force pushes to the default branch are not blocked.",
    whyItMatters:
      "A force push replaces the branch's history: reviewed commits can be swapped for unreviewed ones and the record of what was released disappears, which destroys change-management evidence.",
    remediation:
      "Block force pushes on the default branch ('Block force pushes' in a ruleset, or leave 'Allow force pushes' off in the branch protection rule).",
    references: [
      "https://docs.github.com/en/repositories/configuring-branches-and-merges-in-your-repository/managing-protected-branches/about-protected-branches#allow-force-pushes",
    ],
  },
  check(ctx) {
    eachRepository(ctx, (model, report) => {
      const fact = model.protection.forcePushesBlocked;
      const blocked = known(ctx, model, fact, "whether force pushes to the default branch are blocked");
      if (blocked !== false) return;
      report({
        message: `Force pushes to ${model.defaultBranch} of ${model.repository} are not blocked`,
        at: fact.at,
      });
    });
  },
});
