import { defineFileRule } from "../../../rule.ts";
import { actionPath, hasTrigger, type Step, usesAction, type WorkflowModel, withValue } from "../model.ts";

/** Steps that download artifacts produced by the triggering (untrusted) run. */
function downloadsRunArtifacts(step: Step): boolean {
  const path = actionPath(step);
  if (path === "actions/download-artifact")
    return withValue(step, "run-id") !== null || withValue(step, "github-token") !== null;
  if (path === "dawidd6/action-download-artifact") return true;
  if (usesAction(step, "actions/github-script"))
    return /downloadArtifact|listWorkflowRunArtifacts/.test(withValue(step, "script")?.text ?? "");
  return step.run !== null && /gh\s+run\s+download/.test(step.run.text);
}

export const workflowRunArtifactExecution = defineFileRule<WorkflowModel>({
  id: "ci/workflow-run-artifact-execution",
  analyzer: "ci",
  title: "workflow_run job runs steps after downloading the triggering run's artifacts",
  severity: "high",
  confidence: "low",
  lifecycle: "preview",
  cwe: [829],
  controls: ["CI-TRIG-01"],
  docs: {
    summary:
      "A workflow triggered by `workflow_run` downloads artifacts of the run that triggered it and then runs scripts in the same job.",
    whyItMatters:
      "The triggering run may come from a fork's pull request, so its artifacts are attacker-controlled; the workflow_run job has secrets and a write token. Extracting an artifact over the workspace or sourcing a file from it executes the attacker's content.",
    remediation:
      "Treat artifacts as data: extract to a temporary directory outside the workspace, validate the content (e.g. a number), and never execute or source it.",
    example:
      // biome-ignore lint/suspicious/noTemplateCurlyInString: GitHub Actions ${{ }} expression syntax, not a JS template
      "- uses: actions/download-artifact@<sha>\n  with:\n    run-id: ${{ github.event.workflow_run.id }}\n    path: ${{ runner.temp }}/artifacts",
    references: ["https://securitylab.github.com/resources/github-actions-preventing-pwn-requests/"],
  },
  check(ctx) {
    if (!hasTrigger(ctx.model, "workflow_run")) return;
    for (const job of ctx.model.jobs) {
      const download = job.steps.findIndex(downloadsRunArtifacts);
      if (download === -1) continue;
      const runner = job.steps.slice(download + 1).find((step) => step.run !== null);
      if (!runner) continue;
      const step = job.steps[download]!;
      ctx.report({
        message: "artifacts of the triggering run are downloaded and later steps run scripts",
        at: step.uses?.at ?? step.at,
        related: [{ at: runner.at, message: "script that runs after the download" }],
      });
    }
  },
});
