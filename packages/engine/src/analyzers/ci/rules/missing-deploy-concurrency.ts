import { defineFileRule } from "../../../rule.ts";
import { asScalar, child, type Job, type WorkflowModel, type YamlNode } from "../model.ts";

/** Environment names that stand for a shared, long-lived target. */
const DEPLOY_TARGET = /\b(?:prod|production|live|staging|stage|deploy(?:ment)?)\b/i;

/** The `environment:` of a job: `environment: production` or `environment: { name: production }`. */
function environmentName(job: Job): { name: string; line: number; column: number } | null {
  const node: YamlNode | null = child(job.node, "environment");
  const scalar = asScalar(node) ?? asScalar(child(node, "name"));
  if (!scalar || scalar.text.trim() === "") return null;
  return { name: scalar.text.trim(), line: scalar.line, column: scalar.column };
}

export const missingDeployConcurrency = defineFileRule<WorkflowModel>({
  id: "ci/missing-deploy-concurrency",
  analyzer: "ci",
  title: "Deployment job without a concurrency limit",
  severity: "low",
  confidence: "medium",
  lifecycle: "preview",
  cwe: [362],
  controls: ["CI-TRIG-01"],
  docs: {
    summary:
      "A job deploys to an environment named like a shared target (`production`, `prod`, `staging`, `live`, `deploy`), or a workflow named for deploying (`name: Deploy …`) has no environment and no concurrency anywhere, and neither the workflow nor the job sets `concurrency:`.",
    whyItMatters:
      "Two runs of a deployment can interleave: an older commit that finishes last overwrites the newer release, and half-applied migrations or infrastructure changes collide. Concurrency groups make runs for one target wait for (or cancel) each other.",
    remediation:
      "Add `concurrency: { group: deploy-production, cancel-in-progress: false }` to the workflow or to the deploying job. Jobs without an environment, and environments named otherwise (`preview`, `pr-123`), are not flagged.",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: GitHub Actions ${{ }} expression syntax, not a JS template
    example: "concurrency:\n  group: deploy-${{ github.ref }}\n  cancel-in-progress: false",
    references: [
      "https://docs.github.com/en/actions/writing-workflows/choosing-what-your-workflow-does/control-the-concurrency-of-workflows-and-jobs",
    ],
  },
  check(ctx) {
    if (ctx.model.kind !== "workflow" || child(ctx.model.root, "concurrency")) return;
    let reported = false;
    for (const job of ctx.model.jobs) {
      if (child(job.node, "concurrency")) continue;
      const environment = environmentName(job);
      if (!environment || environment.name.includes("${{") || !DEPLOY_TARGET.test(environment.name)) continue;
      ctx.report({
        message: `job ${job.id} deploys to ${environment.name} without a concurrency group`,
        at: { line: environment.line, column: environment.column },
      });
      reported = true;
    }
    // a workflow named for deploying, none of whose jobs limits concurrency or names an environment
    const name = asScalar(child(ctx.model.root, "name"));
    const unguarded = ctx.model.jobs.every((job) => !child(job.node, "concurrency") && !environmentName(job));
    if (!reported && name && /\bdeploy/i.test(name.text) && unguarded && ctx.model.jobs.length > 0) {
      ctx.report({
        message: `workflow "${name.text.trim()}" deploys without a concurrency group`,
        at: { line: name.line, column: name.column },
      });
    }
  },
});
