import { defineFileRule, type FileRule, ruleOptions } from "../../../rule.ts";
import type { WorkflowModel } from "../model.ts";
import type { UnpinnedFirstPartyActionOptions } from "../option-schemas.ts";
import { allUses, breaksPinPolicy, FIRST_PARTY_OWNERS } from "./unpinned-action.ts";

export function unpinnedFirstPartyActionRule(
  options: UnpinnedFirstPartyActionOptions = {},
): FileRule<WorkflowModel> {
  const policies = options.policies ?? {};
  return defineFileRule<WorkflowModel>({
    id: "ci/unpinned-first-party-action",
    analyzer: "ci",
    title: "GitHub-published action not pinned to a commit SHA",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    cwe: [829],
    controls: ["CI-PIN-01"],
    options: ruleOptions(
      async () => (await import("../option-schemas.ts")).UnpinnedFirstPartyActionOptions,
      unpinnedFirstPartyActionRule,
    ),
    docs: {
      summary:
        "A step uses an action published by GitHub (`actions/*`, `github/*`) by tag or branch rather than by commit SHA.",
      whyItMatters:
        "GitHub's own actions are far less likely to be hijacked than third-party ones, which is why this is a separate, low-severity rule; a moving tag still means the code that runs can change without a review.",
      remediation:
        "Pin to a commit SHA with the version in a comment, and let Dependabot keep it current. Teams that accept GitHub's tags can disable this rule and keep ci/unpinned-action, or accept tags of some actions only: `options: { ci/unpinned-first-party-action: { policies: { actions/*: ref-pin } } }` (`hash-pin`, `ref-pin` or `any` per pattern; the most specific pattern wins).",
      example: "- uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683 # v4.2.2",
      references: ["https://docs.zizmor.sh/audits/#unpinned-uses"],
    },
    check(ctx) {
      for (const uses of allUses(ctx.model)) {
        if (uses.kind !== "repository" || !breaksPinPolicy(uses, policies)) continue;
        if (!FIRST_PARTY_OWNERS.has(uses.repository.split("/")[0]!)) continue;
        ctx.report({ message: `${uses.raw} is not pinned to a commit SHA`, at: uses.at });
      }
    },
  });
}

export const unpinnedFirstPartyAction = unpinnedFirstPartyActionRule();
