import { defineFileRule } from "../../../rule.ts";
import { allowsOnEveryResource } from "../checks.ts";
import { type CfnModel, keySpan } from "../model.ts";

export const iamPolicyAllowsAllActions = defineFileRule<CfnModel>({
  id: "cloudformation/iam-policy-allows-all-actions",
  analyzer: "cloudformation",
  title: "IAM policy allows every action on every resource",
  severity: "critical",
  confidence: "high",
  lifecycle: "stable",
  cwe: [269],
  controls: ["IAC-IAM-01"],
  docs: {
    summary:
      'An IAM policy statement (in `AWS::IAM::Policy`, `ManagedPolicy`, or the inline `Policies` of a role, user or group) allows `Action: "*"` on `Resource: "*"`.',
    whyItMatters:
      "Whoever holds the identity is an administrator of the account: a leaked key or a compromised workload owns everything.",
    remediation:
      "List the actions and resources the workload needs; IAM Access Analyzer can generate a policy from CloudTrail activity.",
    example:
      // biome-ignore lint/suspicious/noTemplateCurlyInString: CloudFormation ${} syntax, not a JS template
      "Statement:\n  - Effect: Allow\n    Action:\n      - s3:GetObject\n    Resource: !Sub ${Bucket.Arn}/*",
    references: [
      "https://docs.aws.amazon.com/IAM/latest/UserGuide/best-practices.html#grant-least-privilege",
    ],
  },
  check(ctx) {
    for (const { resource, statement, actions } of allowsOnEveryResource(ctx.model)) {
      if (!actions.some((action) => action === "*" || action === "*:*")) continue;
      ctx.report({
        message: `${resource.logicalId}: a statement allows every action on every resource`,
        at: keySpan(statement.actionEntry!),
      });
    }
  },
});
