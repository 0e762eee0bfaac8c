import { defineFileRule, type FileRule, ruleOptions } from "../../../rule.ts";
import { mostSpecific } from "../action-patterns.ts";
import { allSteps, type UsesReference, type WorkflowModel } from "../model.ts";
import type { PinPolicy, UnpinnedActionOptions } from "../option-schemas.ts";

/** Organisations whose actions GitHub itself publishes; see ci/unpinned-first-party-action. */
export const FIRST_PARTY_OWNERS = new Set(["actions", "github"]);

export function isPinned(uses: UsesReference): boolean {
  return uses.ref !== null && /^[0-9a-f]{40}$/i.test(uses.ref);
}

/** The references of each model already listed: eight rules and the online phase list them. */
const usesOf = new WeakMap<WorkflowModel, readonly UsesReference[]>();

/** Every `uses:` of the file: steps (workflows and composite actions) and reusable-workflow jobs. */
export function allUses(model: WorkflowModel): readonly UsesReference[] {
  const cached = usesOf.get(model);
  if (cached) return cached;
  const out: UsesReference[] = [];
  for (const job of model.jobs) if (job.uses) out.push(job.uses);
  for (const { step } of allSteps(model)) if (step.uses) out.push(step.uses);
  usesOf.set(model, out);
  return out;
}

/** Whether `uses` breaks the pinning policy that covers it (hash-pin when no pattern does). */
export function breaksPinPolicy(uses: UsesReference, policies: Readonly<Record<string, PinPolicy>>): boolean {
  if (isPinned(uses)) return false;
  const policy = mostSpecific(Object.entries(policies), uses) ?? "hash-pin";
  if (policy === "any") return false;
  return policy === "hash-pin" || uses.ref === null;
}

export function unpinnedActionRule(options: UnpinnedActionOptions = {}): FileRule<WorkflowModel> {
  const pins = new Map(
    Object.entries(options.pins ?? {})
      .filter(([, sha]) => /^[0-9a-f]{40}$/i.test(sha))
      .map(([uses, sha]) => [uses.toLowerCase(), sha.toLowerCase()]),
  );
  const policies = options.policies ?? {};
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
    options: ruleOptions(
      async () => (await import("../option-schemas.ts")).UnpinnedActionOptions,
      unpinnedActionRule,
    ),
    docs: {
      summary:
        "A step or a reusable-workflow job uses a third-party action by branch or tag (`owner/repo@v3`, `@main`) instead of a full 40-character commit SHA.",
      whyItMatters:
        "Tags and branches move. Whoever controls the action's repository (its owner, or an attacker who compromised it, as with tj-actions/changed-files in 2025) can change the code your workflow runs, with your secrets and token.",
      remediation:
        "Pin to the full commit SHA of the release you reviewed and keep the tag in a comment (`uses: owner/repo@<sha> # v3.1.0`); let Dependabot or Renovate update it. Local actions (`./…`) are not flagged; actions published by GitHub (`actions/*`, `github/*`) are reported by ci/unpinned-first-party-action at low severity. Options in `.rampart.yaml`: `policies` maps action patterns to `hash-pin` (default), `ref-pin` (a tag will do) or `any`, e.g. `options: { ci/unpinned-action: { policies: { my-org/*: ref-pin } } }`; `pins` maps `owner/repo@tag` to a commit SHA, and the rule then offers the fix.",
      example: "- uses: docker/setup-buildx-action@c47758b77c9736f4b2ef4073d4d51994fabfe349 # v3.7.1",
      references: [
        "https://docs.zizmor.sh/audits/#unpinned-uses",
        "https://docs.github.com/en/actions/security-for-github-actions/security-guides/security-hardening-for-github-actions#using-third-party-actions",
      ],
    },
    check(ctx) {
      for (const uses of allUses(ctx.model)) {
        if (uses.kind !== "repository" || !breaksPinPolicy(uses, policies)) continue;
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
