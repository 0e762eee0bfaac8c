import { defineFileRule } from "../../../rule.ts";
import type { WorkflowModel } from "../model.ts";
import { allUses, FIRST_PARTY_OWNERS, isPinned } from "./unpinned-action.ts";

export const unpinnedFirstPartyAction = defineFileRule<WorkflowModel>({
  id: "ci/unpinned-first-party-action",
  analyzer: "ci",
  title: "GitHub-published action not pinned to a commit SHA",
  severity: "low",
  confidence: "high",
  lifecycle: "stable",
  cwe: [829],
  controls: ["CI-PIN-01"],
  docs: {
    summary:
      "A step uses an action published by GitHub (`actions/*`, `github/*`) by tag or branch rather than by commit SHA.",
    whyItMatters:
      "GitHub's own actions are far less likely to be hijacked than third-party ones, which is why this is a separate, low-severity rule; a moving tag still means the code that runs can change without a review.",
    remediation:
      "Pin to a commit SHA with the version in a comment, and let Dependabot keep it current. Teams that accept GitHub's tags can disable this rule and keep ci/unpinned-action.",
    example: "- uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683 # v4.2.2",
    references: ["https://docs.zizmor.sh/audits/#unpinned-uses"],
  },
  check(ctx) {
    for (const uses of allUses(ctx.model)) {
      if (uses.kind !== "repository" || isPinned(uses)) continue;
      if (!FIRST_PARTY_OWNERS.has(uses.repository.split("/")[0]!)) continue;
      ctx.report({ message: `${uses.raw} is not pinned to a commit SHA`, at: uses.at });
    }
  },
});
