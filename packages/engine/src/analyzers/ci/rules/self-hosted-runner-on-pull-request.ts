import { defineFileRule } from "../../../rule.ts";
import { hasTrigger, scalars, type WorkflowModel } from "../model.ts";

/**
 * Events anyone with a GitHub account can cause in a public repository. `pull_request*` run the
 * contributor's code; the others run the default branch's code on input the outsider wrote.
 */
const PUBLIC_TRIGGERS = [
  "pull_request",
  "pull_request_target",
  "pull_request_review",
  "pull_request_review_comment",
  "issue_comment",
  "issues",
  "discussion",
  "discussion_comment",
  "fork",
  "watch",
];

export const selfHostedRunnerOnPullRequest = defineFileRule<WorkflowModel>({
  id: "ci/self-hosted-runner-on-pull-request",
  analyzer: "ci",
  title: "Workflow outsiders can trigger runs on a self-hosted runner",
  severity: "high",
  confidence: "low",
  lifecycle: "preview",
  cwe: [829],
  controls: ["CI-TRIG-01"],
  docs: {
    summary:
      "A job of a workflow that outsiders can trigger in a public repository (pull requests and reviews, `pull_request_target`, issues, comments, discussions, forks, stars) runs on a `self-hosted` runner.",
    whyItMatters:
      "In a public repository anyone can open a pull request; its code then runs on your machine, which is usually not ephemeral, sits in your network and keeps state (credentials, caches, a persistent backdoor) for the next job.",
    remediation:
      "Run pull-request jobs on GitHub-hosted or ephemeral, isolated runners, or require approval for fork workflows. Private repositories whose forks are disabled carry less risk; suppress with a reason there.",
    example: "runs-on: ubuntu-24.04",
    references: [
      "https://docs.github.com/en/actions/hosting-your-own-runners/managing-self-hosted-runners/about-self-hosted-runners#self-hosted-runner-security",
    ],
  },
  check(ctx) {
    const triggers = PUBLIC_TRIGGERS.filter((name) => hasTrigger(ctx.model, name));
    if (triggers.length === 0) return;
    for (const job of ctx.model.jobs) {
      if (!job.runsOnAt || !job.runsOn) continue;
      const labels = [...scalars(job.runsOn)].map((s) => s.text.trim().toLowerCase());
      if (labels.includes("self-hosted")) {
        ctx.report({
          message: `job ${job.id} runs on a self-hosted runner in a workflow outsiders can trigger (${triggers.join(", ")})`,
          at: job.runsOnAt,
        });
      }
    }
  },
});
