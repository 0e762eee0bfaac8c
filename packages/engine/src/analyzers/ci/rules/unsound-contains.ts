import { defineFileRule } from "../../../rule.ts";
import { allSteps, type WorkflowModel, type YamlNode } from "../model.ts";

/**
 * `contains('refs/heads/main refs/heads/release', github.ref)`: a substring test on a string literal.
 * `env.GITHUB_REF_NAME` and its kin count too: the workflow's copy of the ref is as attacker-nameable,
 * and where the workflow does not set it the value is empty, which every string contains.
 */
const UNSOUND =
  /contains\s*\(\s*'[^']*'\s*,\s*(github\.(?:ref|ref_name|head_ref|base_ref|actor|triggering_actor)|github\.event\.pull_request\.head\.ref|github\.event\.workflow_run\.head_branch|env\.GITHUB_(?:REF|REF_NAME|HEAD_REF|BASE_REF|ACTOR|TRIGGERING_ACTOR))\s*\)/i;

export const unsoundContains = defineFileRule<WorkflowModel>({
  id: "ci/unsound-contains",
  analyzer: "ci",
  title: "Condition uses contains() on a string as a membership test",
  severity: "med",
  confidence: "high",
  lifecycle: "preview",
  cwe: [697],
  controls: ["CI-TRIG-01"],
  docs: {
    summary:
      "An `if:` tests `contains('refs/heads/main refs/heads/release', github.ref)`. With a string first argument, contains() is a substring test, not a list lookup.",
    whyItMatters:
      "A branch or actor named `main` or `refs/heads/ma` satisfies the condition, so a guard meant to limit deployment or secret access to a few branches lets attacker-named refs through.",
    remediation:
      'Compare with `==` per value, or pass a real array: `contains(fromJSON(\'["refs/heads/main", "refs/heads/release"]\'), github.ref)`.',
    example: "if: github.ref == 'refs/heads/main' || github.ref == 'refs/heads/release'",
    references: ["https://docs.zizmor.sh/audits/#unsound-contains"],
  },
  check(ctx) {
    const inspect = (node: YamlNode | null | undefined) => {
      if (node?.kind !== "scalar") return;
      const match = UNSOUND.exec(node.text);
      if (match) {
        ctx.report({
          message: `contains() on a string matches any substring of it, so ${match[1]} can be crafted to pass`,
          at: { line: node.line, column: node.column },
        });
      }
    };
    for (const job of ctx.model.jobs) inspect(job.if);
    for (const { step } of allSteps(ctx.model)) inspect(step.node.entries.find((e) => e.key === "if")?.value);
  },
});
