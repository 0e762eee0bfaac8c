import type { FileRule } from "../../../rule.ts";
import { addressOf, headerOf, resources } from "../checks.ts";
import type { TerraformModel } from "../model.ts";

export const gcpServiceAccountKey: FileRule<TerraformModel> = {
  id: "terraform/gcp-service-account-key",
  analyzer: "terraform",
  title: "User-managed service account key",
  severity: "med",
  confidence: "high",
  lifecycle: "stable",
  cwe: [798],
  controls: ["IAC-IAM-02", "CI-OIDC-01"],
  docs: {
    summary:
      "A `google_service_account_key` creates a user-managed key for a service account (its private key also lands in the Terraform state).",
    whyItMatters:
      "A key file is a long-lived credential that does not expire by default, is copied into CI settings and laptops, " +
      "and is the most common way service accounts are compromised.",
    remediation:
      "Use Workload Identity Federation (CI, other clouds), attached service accounts (Google Cloud workloads) or " +
      "short-lived impersonation instead; block creation with the `iam.disableServiceAccountKeyCreation` constraint.",
    example:
      'resource "google_iam_workload_identity_pool_provider" "github" {\n  workload_identity_pool_id          = google_iam_workload_identity_pool.ci.workload_identity_pool_id\n  workload_identity_pool_provider_id = "github"\n  oidc {\n    issuer_uri = "https://token.actions.githubusercontent.com"\n  }\n}',
    references: ["https://cloud.google.com/iam/docs/best-practices-for-managing-service-account-keys"],
  },
  check(ctx) {
    for (const key of resources(ctx.model, "google_service_account_key")) {
      ctx.report({
        message: `${addressOf(key)} creates a user-managed service account key`,
        at: headerOf(key),
      });
    }
  },
};
