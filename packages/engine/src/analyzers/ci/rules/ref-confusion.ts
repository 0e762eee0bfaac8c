import { defineProjectRule } from "../../../rule.ts";
import { type ActionRefFacts, type CiSummary, COMMIT_SHA, refKey } from "../online/action-refs.ts";

export const refConfusion = defineProjectRule<CiSummary, ActionRefFacts>({
  id: "ci/ref-confusion",
  analyzer: "ci",
  title: "Action ref names both a tag and a branch",
  severity: "med",
  confidence: "high",
  lifecycle: "preview",
  readsOnline: true,
  cwe: [1357],
  controls: ["CI-PIN-01"],
  docs: {
    summary:
      "A `uses: owner/repo@ref` whose `ref` is, in the action's repository, the name of a tag and of a branch at once. Needs the online phase (a GitHub token, `GITHUB_TOKEN`): Rampart asks GitHub for the repository's tags and branches; without a token the rule does not run.",
    whyItMatters:
      "A reader takes `@v1` for the release tag, but a branch of the same name can be moved by anyone who can push to the action's repository, and which of the two the runner resolves is not visible in the workflow. A compromised maintainer account can create such a branch to swap the code that runs under a familiar version.",
    remediation:
      "Pin the action to the full commit SHA of the release (`@<40-hex> # v1.2.3`), or ask the action's maintainers to delete the branch that shadows the tag.",
    example: "- uses: example-org/deploy-action@8f4b7f84864484a7bf31766abe9204da3cbe65b3 # v1.2.3",
    references: ["https://docs.zizmor.sh/audits/#ref-confusion"],
  },
  check(ctx) {
    const facts = ctx.online;
    if (!facts) return;
    for (const file of ctx.files) {
      for (const use of file.summary.uses) {
        if (COMMIT_SHA.test(use.ref)) continue;
        const kinds = facts.refs[refKey(use.repository, use.ref)];
        if (!kinds?.tag || !kinds.branch) continue;
        ctx.report({
          path: file.path,
          message: `${use.raw}: "${use.ref}" is both a tag and a branch of ${use.repository}`,
          at: { line: use.line, column: use.column },
        });
      }
    }
  },
});
