import { defineFileRule, type FileRule } from "../../../rule.ts";
import type { UsesReference, WorkflowModel } from "../model.ts";
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

function matches(pattern: string, uses: UsesReference): boolean {
  const at = uses.raw.lastIndexOf("@");
  const path = (at === -1 ? uses.raw : uses.raw.slice(0, at)).toLowerCase();
  const wanted = pattern.toLowerCase().replace(/\/$/, "");
  if (wanted.endsWith("/*")) return path.startsWith(wanted.slice(0, -1));
  return path === wanted || path.startsWith(`${wanted}/`);
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
    docs: {
      summary:
        "A `uses:` names an action the `uses:` policy forbids. The default policy forbids actions that open a remote shell on the runner (tmate and upterm debugging sessions); an organisation's own deny or allow list replaces it.",
      whyItMatters:
        "Some actions are unacceptable whatever their version: a remote debugging session hands the runner, its token and secrets to whoever connects, and organisations keep lists of actions they have not vetted.",
      remediation:
        "Remove the step (debug with `ACTIONS_STEP_DEBUG` logs or a local reproduction instead) or use an approved alternative. A custom policy is built in code with `forbiddenActionRule({ deny: [{ pattern: 'owner/*', reason }], allow: ['actions/*'] })` until `.rampart.yaml` carries rule options; local (`./`) and `docker://` references are never matched.",
      example: '- run: echo "::debug::state $STATE"',
      references: ["https://docs.zizmor.sh/audits/#forbidden-uses"],
    },
    check(ctx) {
      for (const uses of allUses(ctx.model)) {
        if (uses.kind !== "repository") continue;
        const denied = policy.deny?.find((item) => matches(item.pattern, uses));
        if (denied) {
          ctx.report({ message: `${uses.raw} is forbidden: ${denied.reason}`, at: uses.at });
          continue;
        }
        if (policy.allow && !policy.allow.some((pattern) => matches(pattern, uses))) {
          ctx.report({ message: `${uses.raw} is not on the list of allowed actions`, at: uses.at });
        }
      }
    },
  });
}

export const forbiddenAction = forbiddenActionRule();
