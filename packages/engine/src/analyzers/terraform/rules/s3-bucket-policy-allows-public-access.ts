import type { FileRule } from "../../../rule.ts";
import { addressOf, at } from "../checks.ts";
import type { TerraformModel } from "../model.ts";
import { isAllow, policyDocuments } from "../policy.ts";

export const s3BucketPolicyAllowsPublicAccess: FileRule<TerraformModel> = {
  id: "terraform/s3-bucket-policy-allows-public-access",
  analyzer: "terraform",
  title: "S3 bucket policy grants access to everyone",
  severity: "critical",
  confidence: "high",
  lifecycle: "stable",
  cwe: [284],
  controls: ["IAC-NET-03"],
  docs: {
    summary:
      'An `aws_s3_bucket_policy` has an Allow statement with `Principal = "*"` (or `{"AWS": "*"}`) and no `Condition`.',
    whyItMatters:
      "Anyone on the internet can perform the allowed actions: read every object, or worse, write.",
    remediation:
      "Name the principals that need access, or restrict with conditions (`aws:SourceVpce`, " +
      "`aws:PrincipalOrgID`). Deny statements for everyone (such as denying insecure transport) are correct " +
      "and not flagged; so are statements with a condition.",
    example:
      'resource "aws_s3_bucket_policy" "tls_only" {\n  policy = jsonencode({\n    Statement = [{ Effect = "Deny", Principal = "*", Action = "s3:*", Resource = "*", Condition = { Bool = { "aws:SecureTransport" = "false" } } }]\n  })\n}',
    references: [
      "https://docs.aws.amazon.com/AmazonS3/latest/userguide/access-control-block-public-access.html",
    ],
  },
  check(ctx) {
    for (const document of policyDocuments(ctx.model, ["aws_s3_bucket_policy", "aws_s3_bucket"], {
      includeDataDocuments: false,
    })) {
      for (const statement of document.statements) {
        if (!isAllow(statement) || !statement.anyPrincipal || statement.hasCondition) continue;
        ctx.report({
          message: `${addressOf(document.owner)} grants access to everyone`,
          at: at(statement.at),
        });
      }
    }
  },
};
