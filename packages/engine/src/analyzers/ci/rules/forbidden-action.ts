import { defineFileRule, type FileRule, ruleOptions } from "../../../rule.ts";
import { matchesAction } from "../action-patterns.ts";
import type { WorkflowModel } from "../model.ts";
import type { ForbiddenActionOptions } from "../option-schemas.ts";
import { allUses } from "./unpinned-action.ts";

/**
 * A `uses:` policy: `deny` patterns forbid, `allow` patterns (when given) are the only ones
 * permitted. A pattern is `owner/*`, `owner/repo` or `owner/repo/path`, compared case-insensitively.
 */
export interface ForbiddenActionPolicy {
  deny?: readonly { pattern: string; reason: string }[];
  allow?: readonly string[];
}

/**
 * The registered default: actions that open an interactive shell on the runner (tmate, upterm and
 * similar debugging sessions). Whoever reaches the session holds the job's token, secrets and
 * network position; organisations forbid them in shared workflows.
 */
export const DEFAULT_FORBIDDEN_ACTIONS: ForbiddenActionPolicy = {
  deny: [
    { pattern: "mxschmitt/action-tmate", reason: "opens a remote shell (tmate) into the runner" },
    { pattern: "lhotari/action-upterm", reason: "opens a remote shell (upterm) into the runner" },
    { pattern: "owenthereal/action-upterm", reason: "opens a remote shell (upterm) into the runner" },
    { pattern: "csexton/debugger-action", reason: "opens a remote shell (tmate) into the runner" },
    { pattern: "fawazahmed0/action-debug", reason: "opens a remote shell into the runner" },
  ],
};

/** The policy `.rampart.yaml` options give: their `deny` on top of the default list, their `allow`. */
function policyOf(options: ForbiddenActionOptions): ForbiddenActionPolicy {
  return {
    deny: [
      ...(DEFAULT_FORBIDDEN_ACTIONS.deny ?? []),
      ...(options.deny ?? []).map((item) =>
        typeof item === "string" ? { pattern: item, reason: "denied by the repository's policy" } : item,
      ),
    ],
    ...(options.allow ? { allow: options.allow } : {}),
  };
}

export function forbiddenActionRule(
  policy: ForbiddenActionPolicy = DEFAULT_FORBIDDEN_ACTIONS,
): FileRule<WorkflowModel> {
  return defineFileRule<WorkflowModel>({
    id: "ci/forbidden-action",
    analyzer: "ci",
    title: "Action forbidden by policy",
    severity: "high",
    confidence: "high",
    lifecycle: "stable",
    cwe: [829],
    controls: ["CI-PIN-01"],
    options: ruleOptions(
      async () => (await import("../option-schemas.ts")).ForbiddenActionOptions,
      (options) => forbiddenActionRule(policyOf(options)),
    ),
    docs: {
      summary:
        "A `uses:` names an action the `uses:` policy forbids. The default policy forbids actions that open a remote shell on the runner (tmate and upterm debugging sessions); an organisation's own deny or allow list replaces it.",
      whyItMatters:
        "Some actions are unacceptable whatever their version: a remote debugging session hands the runner, its token and secrets to whoever connects, and organisations keep lists of actions they have not vetted.",
      remediation:
        "Remove the step (debug with `ACTIONS_STEP_DEBUG` logs or a local reproduction instead) or use an approved alternative. An organisation sets its policy in `.rampart.yaml`: `options: { ci/forbidden-action: { deny: [some-org/*, { pattern: other/action, reason: why }], allow: [actions/*, docker/*] } }`; `deny` adds to the default list, `allow` (when given) lists the only actions permitted. Patterns read `*`, `owner/*`, `owner/repo` or `owner/repo/path`; local (`./`) and `docker://` references are never matched.",
      example: '- run: echo "::debug::state $STATE"',
      references: ["https://docs.zizmor.sh/audits/#forbidden-uses"],
    },
    check(ctx) {
      for (const uses of allUses(ctx.model)) {
        if (uses.kind !== "repository") continue;
        const denied = policy.deny?.find((item) => matchesAction(item.pattern, uses));
        if (denied) {
          ctx.report({ message: `${uses.raw} is forbidden: ${denied.reason}`, at: uses.at });
          continue;
        }
        if (policy.allow && !policy.allow.some((pattern) => matchesAction(pattern, uses))) {
          ctx.report({ message: `${uses.raw} is not on the list of allowed actions`, at: uses.at });
        }
      }
    },
  });
}

export const forbiddenAction = forbiddenActionRule();
