import { defineFileRule, type FileRule } from "../../../rule.ts";
import { allSteps, type UsesReference, type WorkflowModel } from "../model.ts";

/** Organisations whose actions GitHub itself publishes; see ci/unpinned-first-party-action. */
export const FIRST_PARTY_OWNERS = new Set(["actions", "github"]);

export function isPinned(uses: UsesReference): boolean {
  return uses.ref !== null && /^[0-9a-f]{40}$/i.test(uses.ref);
}

/** Every `uses:` of the file: steps (workflows and composite actions) and reusable-workflow jobs. */
export function* allUses(model: WorkflowModel): Generator<UsesReference> {
  for (const job of model.jobs) if (job.uses) yield job.uses;
  for (const { step } of allSteps(model)) if (step.uses) yield step.uses;
}

/**
 * Options of ci/unpinned-action. `pins` maps `owner/repo@ref` (as written, path included for
 * sub-actions) to the full commit SHA it should be pinned to; with a mapping the rule attaches a fix.
 * The engine contract has no per-rule options yet (`.rampart.yaml` cannot reach a rule), so the
 * registered rule is built with none; `unpinnedActionRule({ pins })` is ready for that plumbing.
 */
export interface UnpinnedActionOptions {
  pins?: Readonly<Record<string, string>>;
}

export function unpinnedActionRule(options: UnpinnedActionOptions = {}): FileRule<WorkflowModel> {
  const pins = new Map(
    Object.entries(options.pins ?? {})
      .filter(([, sha]) => /^[0-9a-f]{40}$/i.test(sha))
      .map(([uses, sha]) => [uses.toLowerCase(), sha.toLowerCase()]),
  );
  return defineFileRule<WorkflowModel>({
    id: "ci/unpinned-action",
    analyzer: "ci",
    title: "Third-party action not pinned to a commit SHA",
    severity: "high",
    confidence: "high",
    lifecycle: "stable",
    cwe: [829],
    controls: ["CI-PIN-01"],
    fixable: pins.size > 0,
    docs: {
      summary:
        "A step or a reusable-workflow job uses a third-party action by branch or tag (`owner/repo@v3`, `@main`) instead of a full 40-character commit SHA.",
      whyItMatters:
        "Tags and branches move. Whoever controls the action's repository (its owner, or an attacker who compromised it, as with tj-actions/changed-files in 2025) can change the code your workflow runs, with your secrets and token.",
      remediation:
        "Pin to the full commit SHA of the release you reviewed and keep the tag in a comment (`uses: owner/repo@<sha> # v3.1.0`); let Dependabot or Renovate update it. Local actions (`./…`) are not flagged; actions published by GitHub (`actions/*`, `github/*`) are reported by ci/unpinned-first-party-action at low severity.",
      example: "- uses: docker/setup-buildx-action@c47758b77c9736f4b2ef4073d4d51994fabfe349 # v3.7.1",
      references: [
        "https://docs.zizmor.sh/audits/#unpinned-uses",
        "https://docs.github.com/en/actions/security-for-github-actions/security-guides/security-hardening-for-github-actions#using-third-party-actions",
      ],
    },
    check(ctx) {
      for (const uses of allUses(ctx.model)) {
        if (uses.kind !== "repository" || isPinned(uses)) continue;
        const owner = uses.repository.split("/")[0]!;
        if (FIRST_PARTY_OWNERS.has(owner)) continue;
        const message =
          uses.ref === null
            ? `${uses.raw} has no ref at all`
            : `${uses.raw} is pinned to "${uses.ref}", which can move; pin a commit SHA`;
        const sha = uses.ref === null ? undefined : pins.get(uses.raw.toLowerCase());
        if (!sha || uses.ref === null) {
          ctx.report({ message, at: uses.at });
          continue;
        }
        // replace the ref after `@`; a plain value also gets the tag as a comment
        const refEnd = uses.end - (uses.quoted ? 1 : 0);
        const refStart = refEnd - uses.ref.length;
        const text = uses.quoted ? sha : `${sha} # ${uses.ref}`;
        ctx.report({
          message,
          at: uses.at,
          fix: {
            description: `pin ${uses.raw} to ${sha}`,
            edits: [
              { start: ctx.file.byteOffsetOfIndex(refStart), end: ctx.file.byteOffsetOfIndex(refEnd), text },
            ],
          },
        });
      }
    },
  });
}

export const unpinnedAction = unpinnedActionRule();
