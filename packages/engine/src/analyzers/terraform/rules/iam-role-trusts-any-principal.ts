import type { FileRule } from "../../../rule.ts";
import { addressOf, at } from "../checks.ts";
import type { TerraformModel } from "../model.ts";
import { isAllow, policyDocuments } from "../policy.ts";

export const iamRoleTrustsAnyPrincipal: FileRule<TerraformModel> = {
  id: "terraform/iam-role-trusts-any-principal",
  analyzer: "terraform",
  title: "IAM role can be assumed by any AWS principal",
  severity: "critical",
  confidence: "high",
  lifecycle: "stable",
  cwe: [284],
  controls: ["IAC-IAM-02"],
  docs: {
    summary:
      'An `aws_iam_role`\'s `assume_role_policy` allows `Principal = "*"` (or `{"AWS": "*"}`) without any `Condition`.',
    whyItMatters:
      "Any AWS account in the world can call sts:AssumeRole on the role and act with its permissions.",
    remediation:
      "Name the trusted accounts, roles or services in `Principal`, or add conditions (`aws:PrincipalOrgID`, " +
      "`sts:ExternalId`) that restrict who can assume it. Statements with a condition are not flagged.",
    example:
      'resource "aws_iam_role" "ci" {\n  assume_role_policy = jsonencode({\n    Version   = "2012-10-17"\n    Statement = [{ Effect = "Allow", Action = "sts:AssumeRole", Principal = { AWS = "arn:aws:iam::111122223333:root" } }]\n  })\n}',
    references: [
      "https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_policies_elements_principal.html",
    ],
  },
  check(ctx) {
    for (const document of policyDocuments(ctx.model, ["aws_iam_role"], { includeDataDocuments: false })) {
      if (document.attribute !== "assume_role_policy") continue;
      for (const statement of document.statements) {
        if (!isAllow(statement) || !statement.anyPrincipal || statement.hasCondition) continue;
        ctx.report({
          message: `${addressOf(document.owner)} can be assumed by anyone`,
          at: at(statement.at),
        });
      }
    }
  },
};
