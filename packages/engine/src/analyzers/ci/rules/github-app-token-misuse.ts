import { defineFileRule } from "../../../rule.ts";
import { actionPath, child, hasTrigger, type Step, type WorkflowModel, withEntry } from "../model.ts";
import { stepScopes } from "../taint.ts";

/** Triggers whose jobs run for outsiders' pull requests with the repository's secrets. */
const PRIVILEGED_TRIGGERS = ["pull_request_target", "workflow_run"];

function createsAppToken(step: Step): boolean {
  const path = actionPath(step);
  return path === "actions/create-github-app-token" || path === "tibdex/github-app-token";
}

export const githubAppTokenMisuse = defineFileRule<WorkflowModel>({
  id: "ci/github-app-token-misuse",
  analyzer: "ci",
  title: "GitHub App token minted with more reach than the job needs",
  severity: "med",
  confidence: "medium",
  lifecycle: "preview",
  cwe: [250],
  controls: ["CI-PERM-01", "CI-SECRET-01"],
  docs: {
    summary:
      "`actions/create-github-app-token` is given an `owner:` without `repositories:` (the token reaches every repository the app is installed on), has no `permission-*` input (the token gets every permission of the installation), or mints its token outside an `environment:` in a workflow triggered by `pull_request_target` or `workflow_run`.",
    whyItMatters:
      "An App installation token is usually far broader than the workflow's own GITHUB_TOKEN: it can push to other repositories, bypass branch protection rules the app is exempt from, and trigger further workflows. Minted in a job that outsiders can start, it is one injection away from being stolen.",
    remediation:
      "List the repositories the token needs (`repositories: app-a,app-b`) and the permissions (`permission-contents: read`, `permission-pull-requests: write`); mint it in a job that only trusted events start, or behind an `environment:` with reviewers.",
    example:
      // biome-ignore lint/suspicious/noTemplateCurlyInString: GitHub Actions ${{ }} expression syntax, not a JS template
      "- uses: actions/create-github-app-token@df432ceedc7162793a195dd1713ff69aefc7379e # v2.0.6\n  with:\n    app-id: ${{ vars.RELEASE_APP_ID }}\n    private-key: ${{ secrets.RELEASE_APP_KEY }}\n    repositories: website\n    permission-contents: write",
    references: ["https://github.com/actions/create-github-app-token#inputs"],
  },
  check(ctx) {
    const privileged = PRIVILEGED_TRIGGERS.filter((name) => hasTrigger(ctx.model, name));
    for (const { step, scope } of stepScopes(ctx.model)) {
      if (!createsAppToken(step) || !step.uses) continue;
      const owner = withEntry(step, "owner");
      if (owner && !withEntry(step, "repositories")) {
        ctx.report({
          message:
            "the app token is scoped to an owner without repositories: it reaches every repository of the installation",
          at: owner.at,
        });
      }
      const reasons: string[] = [];
      if (
        actionPath(step) === "actions/create-github-app-token" &&
        !step.with.some((item) => item.key.startsWith("permission-"))
      )
        reasons.push("without permission-* inputs it gets every permission of the installation");
      // an environment with reviewers is how a privileged job is gated; its presence is the signal we can see
      if (privileged.length > 0 && scope.job && !child(scope.job.node, "environment"))
        reasons.push(
          `it is minted in a workflow triggered by ${privileged.join(", ")}, which outsiders can start`,
        );
      if (reasons.length > 0) ctx.report({ message: `app token: ${reasons.join("; ")}`, at: step.uses.at });
    }
  },
});
