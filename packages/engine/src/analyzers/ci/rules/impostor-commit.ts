import { defineProjectRule } from "../../../rule.ts";
import { type ActionRefFacts, type CiSummary, COMMIT_SHA, refKey } from "../online/action-refs.ts";

export const impostorCommit = defineProjectRule<CiSummary, ActionRefFacts>({
  id: "ci/impostor-commit",
  analyzer: "ci",
  title: "Action pinned to a commit that no branch or tag of its repository contains",
  severity: "critical",
  confidence: "high",
  lifecycle: "preview",
  readsOnline: true,
  cwe: [829],
  controls: ["CI-PIN-01"],
  docs: {
    summary:
      "A `uses: owner/repo@<sha>` whose commit is not reachable from any branch or tag of `owner/repo`: GitHub serves commits of every fork under the parent repository's name, so the pin can name code that the action's maintainers never published. Needs the online phase (a GitHub token, `GITHUB_TOKEN`): Rampart lists the repository's tags and branches and compares each with the commit; without a token the rule does not run.",
    whyItMatters:
      "SHA pinning is trusted as the strongest pin, and reviewers rarely check where a SHA comes from. Anyone can fork a popular action, push a malicious commit to the fork and propose a pin to that SHA under the original `owner/repo`; the workflow then runs the attacker's code with its token and secrets.",
    remediation:
      "Replace the SHA with the commit of a release tag of the action's own repository (`git ls-remote --tags https://github.com/owner/repo`), and find out who introduced the impostor pin.",
    example: "- uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683 # v4.2.2",
    references: [
      "https://docs.zizmor.sh/audits/#impostor-commit",
      "https://www.chainguard.dev/unchained/what-the-fork-imposter-commits-in-github-actions-and-ci-cd",
    ],
  },
  check(ctx) {
    const facts = ctx.online;
    if (!facts) return;
    for (const file of ctx.files) {
      for (const use of file.summary.uses) {
        if (!COMMIT_SHA.test(use.ref)) continue;
        if (facts.commits[refKey(use.repository, use.ref)] !== "unreachable") continue;
        ctx.report({
          path: file.path,
          message: `${use.raw}: commit ${use.ref.slice(0, 12)}… is on no branch or tag of ${use.repository} (a fork's commit)`,
          at: { line: use.line, column: use.column },
        });
      }
    }
  },
});
