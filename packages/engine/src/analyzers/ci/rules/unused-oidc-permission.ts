import { defineFileRule } from "../../../rule.ts";
import {
  actionPath,
  type Job,
  type Permissions,
  usesAction,
  type WorkflowModel,
  withValue,
} from "../model.ts";

/** Actions that exchange the OIDC token for cloud or signing credentials. */
const OIDC_ACTIONS = [
  /^aws-actions\/configure-aws-credentials/,
  /^google-github-actions\/auth/,
  /^azure\/login/,
  /^hashicorp\/vault-action/,
  /^pypa\/gh-action-pypi-publish/,
  /^sigstore\//,
  /^actions\/attest/,
  /^slsa-framework\//,
  /^octo-sts\//,
  /^chainguard-dev\//,
  /^jfrog\/setup-jfrog-cli/,
  /^pulumi\/auth-actions/,
  /^rust-lang\/crates-io-auth-action/,
  /^ossf\/scorecard-action/,
  /^rubygems\/release-gem/,
];
/** Scripts that request or use the token themselves. */
// npm (11.5+), pnpm and uv publish through OIDC trusted publishing without any flag
const OIDC_SCRIPT =
  /ACTIONS_ID_TOKEN_REQUEST|getIDToken|--provenance|\bcosign\b|\bgh attestation\b|trusted.publishing|oidc|\b(?:npm|pnpm|uv) publish\b/i;

function usesOidc(job: Job): boolean {
  if (job.uses) return true; // a reusable workflow may need it
  return job.steps.some((step) => {
    if (step.uses?.kind === "local") return true; // cannot see inside; assume it does
    if (OIDC_ACTIONS.some((pattern) => pattern.test(actionPath(step)))) return true;
    if (step.run && OIDC_SCRIPT.test(step.run.text)) return true;
    const script = usesAction(step, "actions/github-script") ? withValue(step, "script") : null;
    return script !== null && OIDC_SCRIPT.test(script.text);
  });
}

function grantsIdToken(permissions: Permissions | null): { line: number; column: number } | null {
  if (!permissions) return null;
  if (permissions.shorthand === "write-all") return null; // reported by ci/excessive-permissions
  return permissions.scopes.find((scope) => scope.name === "id-token" && scope.value === "write")?.at ?? null;
}

export const unusedOidcPermission = defineFileRule<WorkflowModel>({
  id: "ci/unused-oidc-permission",
  analyzer: "ci",
  title: "id-token: write granted to jobs that do not use OIDC",
  severity: "low",
  confidence: "low",
  lifecycle: "preview",
  cwe: [250],
  controls: ["CI-PERM-01", "CI-OIDC-01"],
  docs: {
    summary:
      "`id-token: write` is granted (to the workflow or a job) but no job that receives it uses a known OIDC consumer (cloud login actions, PyPI, npm and uv trusted publishing, Sigstore, attestations, OpenSSF Scorecard).",
    whyItMatters:
      "The OIDC token lets any step of the job request credentials for every cloud role that trusts this repository. A job that does not need it should not be able to mint it.",
    remediation:
      "Grant `id-token: write` only on the job that authenticates to the cloud. Jobs calling reusable workflows or local actions are assumed to need it.",
    example: "jobs:\n  deploy:\n    permissions:\n      id-token: write\n      contents: read",
    references: [
      "https://docs.github.com/en/actions/security-for-github-actions/security-hardening-your-deployments/about-security-hardening-with-openid-connect",
    ],
  },
  check(ctx) {
    const workflowGrant = grantsIdToken(ctx.model.permissions);
    const inheriting: Job[] = [];
    for (const job of ctx.model.jobs) {
      if (job.permissions) {
        const grant = grantsIdToken(job.permissions);
        if (grant && !usesOidc(job)) {
          ctx.report({
            message: `job ${job.id} is granted id-token: write but uses no OIDC login`,
            at: grant,
          });
        }
      } else inheriting.push(job);
    }
    if (workflowGrant && inheriting.length > 0 && !inheriting.some(usesOidc)) {
      ctx.report({
        message: "id-token: write is granted to every job, and none uses an OIDC login",
        at: workflowGrant,
      });
    }
  },
});
