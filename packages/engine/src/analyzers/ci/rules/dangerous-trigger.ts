import { defineFileRule } from "../../../rule.ts";
import { asScalar, child, type Job, type WorkflowModel } from "../model.ts";

/** A job condition that limits it to pull requests from the repository itself (not forks). */
const SAME_REPOSITORY =
  /head\.repo\.full_name\s*==\s*github\.repository\b|github\.repository\s*==\s*github\.event\.pull_request\.head\.repo\.full_name|head\.repo\.fork\s*(?:==\s*false|!=\s*true)|!\s*github\.event\.pull_request\.head\.repo\.fork|workflow_run\.head_repository\.full_name\s*==\s*github\.repository/i;

function limitedToSameRepository(job: Job): boolean {
  const condition = asScalar(child(job.node, "if"))?.text ?? "";
  return SAME_REPOSITORY.test(condition);
}

/**
 * `author_association` values of people with write access. CONTRIBUTOR only means a pull request
 * of theirs was merged once, so a condition that admits it (or FIRST_TIME_CONTRIBUTOR, NONE…)
 * still lets outsiders in.
 */
const TRUSTED_ASSOCIATION = /\b(?:OWNER|MEMBER|COLLABORATOR)\b/;
const UNTRUSTED_ASSOCIATION = /\b(?:CONTRIBUTOR|FIRST_TIME_CONTRIBUTOR|FIRST_TIMER|NONE|MANNEQUIN)\b/;

/** A job-level `if:` that admits only commenters with write access (a step-level one leaves the job running). */
export function limitedToTrustedCommenters(job: Job): boolean {
  const condition = job.if?.text ?? "";
  return (
    /author_association/.test(condition) &&
    TRUSTED_ASSOCIATION.test(condition) &&
    !UNTRUSTED_ASSOCIATION.test(condition)
  );
}

export const dangerousTrigger = defineFileRule<WorkflowModel>({
  id: "ci/dangerous-trigger",
  analyzer: "ci",
  title: "Workflow triggered by pull_request_target, workflow_run or anyone's issue comment",
  severity: "low",
  confidence: "medium",
  lifecycle: "preview",
  cwe: [829],
  controls: ["CI-TRIG-01"],
  docs: {
    summary:
      "A workflow runs on `pull_request_target` or `workflow_run`, triggers that give a job started by a fork's pull request the base repository's secrets and a write token. Workflows whose every job is limited to same-repository pull requests are not flagged. On `issue_comment`, each job whose own `if:` does not limit the commenter's `author_association` to OWNER, MEMBER or COLLABORATOR is flagged: anyone can comment on a public repository's issues and pull requests.",
    whyItMatters:
      "These triggers are almost impossible to use safely: one checkout of the pull request's code, one artifact from the triggering run or one injected title turns them into code execution with the repository's credentials. Most uses (labelling, commenting) need neither.",
    remediation:
      'Use `pull_request` (no secrets for forks) where possible; for commenting on forks\' pull requests, split into an unprivileged `pull_request` workflow that uploads data and a minimal privileged one that validates it. Limit jobs with `if: github.event.pull_request.head.repo.full_name == github.repository` when forks need no service. Give every `issue_comment` job an `if:` such as `contains(fromJSON(\'["OWNER", "MEMBER", "COLLABORATOR"]\'), github.event.comment.author_association)`.',
    example: "on:\n  pull_request:\n    types: [opened, synchronize]",
    references: [
      "https://docs.zizmor.sh/audits/#dangerous-triggers",
      "https://securitylab.github.com/resources/github-actions-preventing-pwn-requests/",
    ],
  },
  check(ctx) {
    if (ctx.model.kind !== "workflow") return;
    const jobs = ctx.model.jobs;
    if (ctx.model.triggers.some((trigger) => trigger.name === "issue_comment")) {
      for (const job of jobs) {
        if (limitedToTrustedCommenters(job)) continue;
        ctx.report({
          message: `job ${job.id} runs with the repository's secrets for any issue comment: its if: does not limit the commenter's author_association to OWNER, MEMBER or COLLABORATOR`,
          at: job.at,
        });
      }
    }
    if (jobs.length > 0 && jobs.every(limitedToSameRepository)) return;
    for (const trigger of ctx.model.triggers) {
      if (trigger.name !== "pull_request_target" && trigger.name !== "workflow_run") continue;
      ctx.report({
        message: `${trigger.name} runs with the repository's secrets and a write token for events outsiders cause`,
        at: trigger.at,
      });
    }
  },
});
