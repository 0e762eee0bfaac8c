import { defineFileRule } from "../../../rule.ts";
import { child, scalars, type WorkflowModel } from "../model.ts";

const SECRET = /\bsecrets\s*\.\s*([A-Za-z_][A-Za-z0-9_]*)/g;

export const secretOutsideEnvironment = defineFileRule<WorkflowModel>({
  id: "ci/secret-outside-environment",
  analyzer: "ci",
  title: "Repository secret used by a job without a deployment environment",
  severity: "low",
  confidence: "low",
  lifecycle: "preview",
  cwe: [522],
  controls: ["CI-SECRET-01"],
  docs: {
    summary:
      "A job reads `secrets.<NAME>` (other than `GITHUB_TOKEN`) but declares no `environment:`, so the secret is a repository or organisation secret available to every workflow and branch rather than an environment secret behind protection rules.",
    whyItMatters:
      "Repository secrets reach any workflow on any branch a writer pushes, and any job an injection takes over. Environment secrets are released only to jobs that name the environment, after its protection rules (required reviewers, allowed branches, wait timers) pass.",
    remediation:
      "Move deployment credentials to an environment (`environment: production`) with protection rules and read them there. Reporting is once per secret and job; reusable-workflow calls are left to the called workflow. Low confidence: many secrets (test API keys) need no environment.",
    example:
      // biome-ignore lint/suspicious/noTemplateCurlyInString: GitHub Actions ${{ }} expression syntax, not a JS template
      "jobs:\n  deploy:\n    environment: production\n    runs-on: ubuntu-latest\n    steps:\n      - run: ./deploy.sh\n        env:\n          DEPLOY_KEY: ${{ secrets.DEPLOY_KEY }}",
    references: [
      "https://docs.github.com/en/actions/managing-workflow-runs-and-deployments/managing-deployments/managing-environments-for-deployment#environment-secrets",
    ],
  },
  check(ctx) {
    for (const job of ctx.model.jobs) {
      if (job.uses || child(job.node, "environment")) continue;
      const seen = new Set<string>();
      for (const scalar of scalars(job.node)) {
        for (const expression of scalar.expressions) {
          for (const match of expression.text.matchAll(SECRET)) {
            const name = match[1]!;
            if (name.toUpperCase() === "GITHUB_TOKEN" || seen.has(name.toUpperCase())) continue;
            seen.add(name.toUpperCase());
            ctx.report({
              message: `job ${job.id} reads secrets.${name} without an environment`,
              at: { line: expression.line, column: expression.column },
            });
          }
        }
      }
    }
  },
});
