import { defineFileRule } from "../../../rule.ts";
import {
  hasTrigger,
  type Step,
  usesAction,
  type WorkflowModel,
  withEntry,
  type YamlScalar,
} from "../model.ts";

/** Expressions that name the pull request's (or triggering run's) code instead of the base branch. */
const UNTRUSTED_REF =
  /github\.event\.pull_request\.head\.(?:sha|ref)|github\.head_ref|github\.event\.pull_request\.merge_commit_sha|github\.event\.workflow_run\.head_(?:sha|branch)|github\.event\.workflow_run\.head_commit\.id|github\.event\.pull_request\.head\.repo\.full_name|github\.event\.workflow_run\.head_repository\.full_name|refs\/pull\//i;
/** Conditions that restrict a job to pull requests from the repository itself (not forks). */
const SAME_REPOSITORY_ONLY =
  /head\.repo\.full_name\s*==\s*github\.repository|github\.repository\s*==\s*github\.event\.pull_request\.head\.repo\.full_name|head\.repo\.fork\s*==\s*false|!\s*github\.event\.pull_request\.head\.repo\.fork/i;

function checkoutOfUntrustedCode(step: Step): { line: number; column: number } | null {
  if (!usesAction(step, "actions/checkout")) return null;
  for (const key of ["ref", "repository"]) {
    const found = withEntry(step, key);
    const value = found?.value?.kind === "scalar" ? (found.value as YamlScalar) : null;
    if (value && UNTRUSTED_REF.test(value.text)) return found!.at;
  }
  return null;
}

export const untrustedCheckout = defineFileRule<WorkflowModel>({
  id: "ci/untrusted-checkout",
  analyzer: "ci",
  title: "Privileged workflow checks out and runs pull request code",
  severity: "critical",
  confidence: "high",
  lifecycle: "stable",
  cwe: [829, 94],
  controls: ["CI-TRIG-01"],
  docs: {
    summary:
      // biome-ignore lint/suspicious/noTemplateCurlyInString: GitHub Actions ${{ }} expression syntax, not a JS template
      "A workflow triggered by `pull_request_target` or `workflow_run` checks out the pull request's head (`ref: ${{ github.event.pull_request.head.sha }}`, `github.head_ref`, `refs/pull/…`) and then runs further steps on it.",
    whyItMatters:
      "These triggers run with the base repository's secrets and a write token, even for pull requests from forks. Building or testing the checked-out code runs the attacker's build scripts, package hooks or tests with those secrets (a \"pwn request\").",
    remediation:
      "Use the `pull_request` trigger for building untrusted code. If a privileged step is needed, split it into a `workflow_run` workflow that only consumes artifacts as data, or restrict the job to same-repository pull requests. A job whose `if:` requires `head.repo.full_name == github.repository` is not flagged.",
    example:
      "on: pull_request\njobs:\n  test:\n    steps:\n      - uses: actions/checkout@<sha>\n      - run: npm test",
    references: [
      "https://securitylab.github.com/resources/github-actions-preventing-pwn-requests/",
      "https://docs.zizmor.sh/audits/#dangerous-triggers",
    ],
  },
  check(ctx) {
    if (!hasTrigger(ctx.model, "pull_request_target", "workflow_run")) return;
    for (const job of ctx.model.jobs) {
      if (job.if && SAME_REPOSITORY_ONLY.test(job.if.text)) continue;
      job.steps.forEach((step, index) => {
        const at = checkoutOfUntrustedCode(step);
        if (!at) return;
        const ifText = step.node.entries.find((e) => e.key === "if")?.value;
        if (ifText?.kind === "scalar" && SAME_REPOSITORY_ONLY.test(ifText.text)) return;
        const runner = job.steps
          .slice(index + 1)
          .find(
            (later) =>
              later.run !== null || (later.uses !== null && !usesAction(later, "actions/upload-artifact")),
          );
        if (!runner) return;
        ctx.report({
          message: "untrusted pull request code is checked out in a privileged workflow and then executed",
          at,
          related: [{ at: runner.at, message: "first step that runs after the checkout" }],
        });
      });
    }
  },
});
