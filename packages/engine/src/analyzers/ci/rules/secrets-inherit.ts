import { defineFileRule } from "../../../rule.ts";
import type { WorkflowModel } from "../model.ts";

export const secretsInherit = defineFileRule<WorkflowModel>({
  id: "ci/secrets-inherit",
  analyzer: "ci",
  title: "Reusable workflow receives every secret",
  severity: "med",
  confidence: "high",
  lifecycle: "stable",
  cwe: [200],
  controls: ["CI-SECRET-01"],
  docs: {
    summary:
      "A job calls a reusable workflow with `secrets: inherit`, passing it every secret the caller can read.",
    whyItMatters:
      "The called workflow (often in another repository, at a moving ref) gets all organisation and repository secrets, not just the ones it needs; a compromise there leaks everything.",
    remediation: "Pass the secrets the workflow declares, one by one, under `secrets:`.",
    example:
      // biome-ignore lint/suspicious/noTemplateCurlyInString: GitHub Actions ${{ }} expression syntax, not a JS template
      "jobs:\n  deploy:\n    uses: org/workflows/.github/workflows/deploy.yml@<sha>\n    secrets:\n      DEPLOY_KEY: ${{ secrets.DEPLOY_KEY }}",
    references: ["https://docs.zizmor.sh/audits/#secrets-inherit"],
  },
  check(ctx) {
    for (const job of ctx.model.jobs) {
      const secrets = job.secrets;
      if (secrets?.value?.kind === "scalar" && secrets.value.text.trim() === "inherit") {
        ctx.report({
          message: `job ${job.id} passes every secret to ${job.uses?.raw ?? "a reusable workflow"}`,
          at: secrets.at,
        });
      }
    }
  },
});
