import type { FileRule } from "../../../rule.ts";
import { addressOf, at, resources } from "../checks.ts";
import type { Expr, TerraformModel } from "../model.ts";
import { looksLikeCredential } from "../secrets.ts";

const ASSIGNED_SECRET =
  /\b(?:[A-Z0-9_]*(?:PASSWORD|SECRET|TOKEN|API_KEY)|AWS_SECRET_ACCESS_KEY)\s*=\s*["']?(?!\$)[^\s"'$]{8,}/i;

function literalText(expr: Expr): string | undefined {
  if (expr.kind === "literal" && typeof expr.value === "string") return expr.value;
  if (expr.kind === "template") return expr.parts.filter((part) => typeof part === "string").join("\n");
  return undefined;
}

export const ec2UserDataSecret: FileRule<TerraformModel> = {
  id: "terraform/ec2-user-data-secret",
  analyzer: "terraform",
  title: "Secret written into EC2 user data",
  severity: "high",
  confidence: "medium",
  lifecycle: "stable",
  cwe: [798],
  controls: ["SEC-HC-01"],
  docs: {
    summary:
      "The literal text of an `aws_instance`, `aws_launch_template` or `aws_launch_configuration` " +
      "`user_data` contains an AWS access key, a private key, or an assignment such as `DB_PASSWORD=…` " +
      "with a literal value.",
    whyItMatters:
      "User data is readable by anything on the instance (via the metadata service) and by anyone with " +
      "`ec2:DescribeInstanceAttribute`; it also sits in the repository and the state.",
    remediation:
      "Fetch secrets at boot from Secrets Manager or SSM Parameter Store using the instance role. " +
      "Assignments from shell variables (`PASSWORD=$DB_PASSWORD`) and Terraform interpolations are not flagged.",
    example:
      'resource "aws_instance" "app" {\n  user_data = <<-EOT\n    #!/bin/bash\n    DB_PASSWORD=$(aws ssm get-parameter --name /app/db --with-decryption --query Parameter.Value --output text)\n  EOT\n}',
    references: ["https://docs.aws.amazon.com/AWSEC2/latest/UserGuide/user-data.html"],
  },
  check(ctx) {
    for (const instance of resources(
      ctx.model,
      "aws_instance",
      "aws_launch_template",
      "aws_launch_configuration",
    )) {
      const userData = instance.attributes.get("user_data");
      if (!userData) continue;
      const text = literalText(userData.value);
      if (text === undefined) continue;
      if (!looksLikeCredential(text) && !ASSIGNED_SECRET.test(text)) continue;
      ctx.report({
        message: `${addressOf(instance)} has a literal secret in its user data`,
        at: at(userData.span),
      });
    }
  },
};
