import { defineFileRule } from "../../../rule.ts";
import { ARCHIVED_ACTIONS, type ArchivedAction } from "../data/action-catalogue.ts";
import type { WorkflowModel } from "../model.ts";
import { allUses } from "./unpinned-action.ts";

function archivedEntry(repository: string): ArchivedAction | undefined {
  const owner = repository.split("/")[0];
  return ARCHIVED_ACTIONS.find(
    (entry) => entry.repository === repository || entry.repository === `${owner}/*`,
  );
}

export const archivedAction = defineFileRule<WorkflowModel>({
  id: "ci/archived-action",
  analyzer: "ci",
  title: "Action from an archived repository",
  severity: "med",
  confidence: "high",
  lifecycle: "stable",
  cwe: [1104],
  controls: ["CI-PIN-01"],
  docs: {
    summary:
      "A `uses:` names an action whose repository its owner has archived (a curated list shipped with Rampart; each entry cites the repository's archive notice).",
    whyItMatters:
      "An archived action gets no security fixes: flaws found in it or in its bundled dependencies stay, and its runtime (an old Node version) eventually stops working on GitHub's runners.",
    remediation:
      "Replace the action with the maintained alternative named in the message, pinned by commit SHA.",
    example: "- uses: ruby/setup-ruby@<sha> # v1.x",
    references: ["https://docs.zizmor.sh/audits/#archived-uses"],
  },
  check(ctx) {
    for (const uses of allUses(ctx.model)) {
      if (uses.kind !== "repository") continue;
      const entry = archivedEntry(uses.repository);
      if (!entry) continue;
      ctx.report({
        message: `${uses.repository} is archived (${entry.source}); use ${entry.replacement}`,
        at: uses.at,
      });
    }
  },
});
