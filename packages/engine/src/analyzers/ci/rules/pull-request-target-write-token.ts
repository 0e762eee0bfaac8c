import { defineFileRule } from "../../../rule.ts";
import { effectivePermissions, trigger, type WorkflowModel } from "../model.ts";

export const pullRequestTargetWriteToken = defineFileRule<WorkflowModel>({
  id: "ci/pull-request-target-write-token",
  analyzer: "ci",
  title: "pull_request_target workflow with a write token",
  severity: "med",
  confidence: "medium",
  lifecycle: "stable",
  cwe: [250],
  controls: ["CI-TRIG-01", "CI-PERM-01"],
  docs: {
    summary:
      "A workflow triggered by `pull_request_target` grants write permissions (to the workflow or to a job).",
    whyItMatters:
      "pull_request_target runs for pull requests from forks, with secrets. With a write token, any injection or untrusted checkout in it becomes a push to the repository; the trigger is the most common root of GitHub Actions compromises.",
    remediation:
      "Prefer `pull_request`. If pull_request_target is needed (labelling, commenting), grant only the scopes it uses (`pull-requests: write`), never `contents: write` or `write-all`, and never check out the head. Workflows without any permissions block are reported by ci/missing-permissions instead.",
    example: "on: pull_request_target\npermissions:\n  pull-requests: write",
    references: ["https://docs.zizmor.sh/audits/#dangerous-triggers"],
  },
  check(ctx) {
    const found = trigger(ctx.model, "pull_request_target");
    if (!found) return;
    const writers = ctx.model.jobs.filter((job) => {
      const permissions = effectivePermissions(ctx.model, job);
      if (!permissions) return false;
      // writing to pull requests or issues is what pull_request_target exists for
      if (permissions.shorthand === "write-all") return true;
      return permissions.scopes.some(
        (s) => s.value === "write" && !["pull-requests", "issues", "statuses", "checks"].includes(s.name),
      );
    });
    if (writers.length === 0) return;
    ctx.report({
      message: `pull_request_target runs fork code paths with a write token (job(s) ${writers.map((j) => j.id).join(", ")})`,
      at: found.at,
    });
  },
});
