import { childOf } from "../../../parse/yaml-tree.ts";
import { defineFileRule } from "../../../rule.ts";
import { isAllow, isWildcardPrincipal, statementsOf } from "../checks.ts";
import { type CfnModel, keySpan, resourcesOfType } from "../model.ts";

export const iamRoleTrustsAnyPrincipal = defineFileRule<CfnModel>({
  id: "cloudformation/iam-role-trusts-any-principal",
  analyzer: "cloudformation",
  title: "IAM role can be assumed by any AWS principal",
  severity: "critical",
  confidence: "high",
  lifecycle: "stable",
  cwe: [284],
  controls: ["IAC-IAM-02"],
  docs: {
    summary:
      'An `AWS::IAM::Role` trust policy (`AssumeRolePolicyDocument`) allows `Principal: "*"` or `AWS: "*"` without a `Condition`.',
    whyItMatters: "Any AWS account in the world can assume the role and act with its permissions.",
    remediation:
      "Name the trusted account, role or service. Where a wildcard is unavoidable, add a `Condition` such as `aws:PrincipalOrgID` or `sts:ExternalId`; such statements are not reported.",
    example:
      "AssumeRolePolicyDocument:\n  Statement:\n    - Effect: Allow\n      Principal:\n        Service: lambda.amazonaws.com\n      Action: sts:AssumeRole",
    references: [
      "https://docs.aws.amazon.com/IAM/latest/UserGuide/id_roles_terms-and-concepts.html#iam-term-trust-policy",
    ],
  },
  check(ctx) {
    for (const resource of resourcesOfType(ctx.model, "AWS::IAM::Role")) {
      for (const statement of statementsOf(
        ctx.model,
        childOf(resource.properties, "AssumeRolePolicyDocument"),
      )) {
        if (!isAllow(statement) || statement.hasCondition || !statement.principalEntry) continue;
        if (!isWildcardPrincipal(ctx.model, statement.principalEntry.value)) continue;
        ctx.report({
          message: `${resource.logicalId}: any AWS principal can assume this role`,
          at: keySpan(statement.principalEntry),
        });
      }
    }
  },
});
