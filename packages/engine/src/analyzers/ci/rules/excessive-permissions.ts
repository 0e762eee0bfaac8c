import { defineFileRule } from "../../../rule.ts";
import { actionPath, hasTrigger, type Job, type Permissions, scalars, type WorkflowModel } from "../model.ts";

/** Actions that never write through the workflow token (they read the repository at most). */
const TOKEN_FREE_ACTIONS =
  /^actions\/(?:checkout|setup-[\w-]+|cache(?:\/\w+)?|upload-artifact|download-artifact)$/;

/** A job none of whose steps can use the token: plain scripts that never name it, and read-only actions. */
function usesNoToken(job: Job): boolean {
  return job.steps.every((step) => {
    if (step.uses) return step.uses.kind === "repository" && TOKEN_FREE_ACTIONS.test(actionPath(step));
    const text = [...scalars(step.node)].map((scalar) => scalar.text).join("\n");
    return !/github\.token|GITHUB_TOKEN|GH_TOKEN|\bgh\s|\bgit\s+push\b/i.test(text);
  });
}

export const excessivePermissions = defineFileRule<WorkflowModel>({
  id: "ci/excessive-permissions",
  analyzer: "ci",
  title: "Workflow token granted write-all, write access on pull requests, or write scopes to every job",
  severity: "high",
  confidence: "high",
  lifecycle: "stable",
  cwe: [250],
  controls: ["CI-PERM-01"],
  docs: {
    summary:
      "A workflow or job grants `permissions: write-all`, a workflow triggered by pull requests grants `contents: write`, or a workflow-level `permissions:` block of a workflow with several jobs grants a write scope that a job inherits although it visibly never uses the token (only read-only actions and scripts that never name the token or `gh`); reported on the line that grants it.",
    whyItMatters:
      "write-all gives every step a token that can push to branches, publish packages and change repository settings; in a pull-request workflow the code under test is the contributor's, and `contents: write` hands it push access (with pull_request_target, even for forks).",
    remediation:
      "List only the scopes each job needs (`contents: read`, `pull-requests: write` for a commenter). Move steps that push into a separate job or a workflow triggered after merge.",
    example: "permissions:\n  contents: read\n  pull-requests: write",
    references: ["https://docs.zizmor.sh/audits/#excessive-permissions"],
  },
  check(ctx) {
    const pullRequest = hasTrigger(ctx.model, "pull_request", "pull_request_target");
    const inspect = (permissions: Permissions | null, where: string) => {
      if (!permissions) return;
      if (permissions.shorthand === "write-all") {
        ctx.report({ message: `${where} grants write-all`, at: permissions.at });
        return;
      }
      if (!pullRequest) return;
      for (const scope of permissions.scopes) {
        if (scope.name === "contents" && scope.value === "write") {
          ctx.report({ message: `${where} grants contents: write to a pull request workflow`, at: scope.at });
        }
      }
    };
    inspect(ctx.model.permissions, "the workflow");
    for (const job of ctx.model.jobs) inspect(job.permissions, `job ${job.id}`);
    // a write scope at workflow level reaches every job that does not set its own permissions;
    // reported when one of those jobs visibly has no use for the token at all, even if it is the
    // only one that inherits (the grant then serves no job). A workflow of one job is left alone:
    // there the workflow level is that job's level.
    const inheriting = ctx.model.jobs.filter((job) => !job.permissions && !job.uses);
    const idle = inheriting.filter(usesNoToken);
    if (ctx.model.jobs.length < 2 || idle.length === 0) return;
    for (const scope of ctx.model.permissions?.scopes ?? []) {
      if (scope.value !== "write" || scope.name === "id-token") continue;
      if (pullRequest && scope.name === "contents") continue; // reported above
      ctx.report({
        message: `${scope.name}: write is granted at workflow level to every job, including ${idle
          .map((job) => job.id)
          .join(", ")}, which does not use the token; grant it in the job that needs it`,
        at: scope.at,
      });
    }
  },
});
