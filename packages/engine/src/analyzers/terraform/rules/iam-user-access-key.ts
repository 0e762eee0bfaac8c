import type { FileRule } from "../../../rule.ts";
import { addressOf, headerOf, resources, setting } from "../checks.ts";
import type { TerraformModel } from "../model.ts";

export const iamUserAccessKey: FileRule<TerraformModel> = {
  id: "terraform/iam-user-access-key",
  analyzer: "terraform",
  title: "Long-lived IAM user access key created in Terraform",
  severity: "med",
  confidence: "high",
  lifecycle: "stable",
  cwe: [798],
  controls: ["IAC-IAM-02", "CI-OIDC-01"],
  docs: {
    summary:
      "An `aws_iam_access_key` creates a static access key; its secret also lands in the Terraform state.",
    whyItMatters:
      "Static keys do not expire, are copied into CI settings and laptops, and are the most common leaked " +
      "AWS credential. Anyone who can read the state file can read the secret.",
    remediation:
      "Use roles: OIDC federation for CI, instance/task roles for workloads, IAM Identity Center for people. " +
      'Keys created with `status = "Inactive"` are not flagged.',
    example:
      'resource "aws_iam_role" "ci" {\n  assume_role_policy = data.aws_iam_policy_document.github_oidc.json\n}',
    references: ["https://docs.aws.amazon.com/IAM/latest/UserGuide/id_credentials_access-keys.html"],
  },
  check(ctx) {
    for (const key of resources(ctx.model, "aws_iam_access_key")) {
      const status = setting(ctx.model, key, "status");
      if (status.state === "unknown" || (status.state === "known" && status.value === "Inactive")) continue;
      ctx.report({ message: `${addressOf(key)} creates a long-lived access key`, at: headerOf(key) });
    }
  },
};
