import type { FileRule } from "../../../rule.ts";
import { addressOf, at, resources, setting } from "../checks.ts";
import { knownStrings } from "../evaluate.ts";
import type { TerraformModel } from "../model.ts";

const ADMIN = /^arn:aws[a-z-]*:iam::aws:policy\/(?:AdministratorAccess|IAMFullAccess)$/;

export const iamAdminPolicyAttached: FileRule<TerraformModel> = {
  id: "terraform/iam-admin-policy-attached",
  analyzer: "terraform",
  title: "AdministratorAccess attached to a role, user or group",
  severity: "high",
  confidence: "medium",
  lifecycle: "stable",
  cwe: [269],
  controls: ["IAC-IAM-02"],
  docs: {
    summary:
      "The AWS managed `AdministratorAccess` (or `IAMFullAccess`) policy is attached through an " +
      "`aws_iam_*_policy_attachment`, `aws_iam_policy_attachment` or a role's `managed_policy_arns`.",
    whyItMatters:
      "Workload identities with administrator rights turn any compromise of the workload (a leaked key, " +
      "an SSRF, a malicious dependency) into a compromise of the whole account.",
    remediation:
      "Attach a policy scoped to what the identity does. Keep administrator access for a few break-glass " +
      "roles assumed with MFA, and suppress the finding there with that reason.",
    example:
      'resource "aws_iam_role_policy_attachment" "app" {\n  role       = aws_iam_role.app.name\n  policy_arn = aws_iam_policy.app.arn\n}',
    references: ["https://docs.aws.amazon.com/IAM/latest/UserGuide/access_policies_job-functions.html"],
  },
  check(ctx) {
    const attachments = resources(
      ctx.model,
      "aws_iam_role_policy_attachment",
      "aws_iam_user_policy_attachment",
      "aws_iam_group_policy_attachment",
      "aws_iam_policy_attachment",
    );
    for (const attachment of attachments) {
      const arn = setting(ctx.model, attachment, "policy_arn");
      if (arn.state !== "known" || typeof arn.value !== "string" || !ADMIN.test(arn.value)) continue;
      ctx.report({
        message: `${addressOf(attachment)} attaches ${arn.value.split("/").pop()}`,
        at: at(arn.attribute.span),
      });
    }
    for (const role of resources(ctx.model, "aws_iam_role")) {
      const arns = setting(ctx.model, role, "managed_policy_arns");
      if (arns.state !== "known") continue;
      const admin = knownStrings(arns.value).find((arn) => ADMIN.test(arn));
      if (admin)
        ctx.report({
          message: `${addressOf(role)} has ${admin.split("/").pop()}`,
          at: at(arns.attribute.span),
        });
    }
  },
};
