import { defineFileRule } from "../../../rule.ts";
import { allowsOnEveryResource } from "../checks.ts";
import { type CfnModel, keySpan } from "../model.ts";

export const iamPolicyWildcardServiceActions = defineFileRule<CfnModel>({
  id: "cloudformation/iam-policy-wildcard-service-actions",
  analyzer: "cloudformation",
  title: "IAM policy allows all actions of a service on every resource",
  severity: "high",
  confidence: "medium",
  lifecycle: "stable",
  cwe: [269],
  controls: ["IAC-IAM-01"],
  docs: {
    summary:
      'An IAM policy statement allows a whole-service wildcard such as `s3:*` or `iam:*` on `Resource: "*"`.',
    whyItMatters:
      "`iam:*` is administrator in disguise, `s3:*` on `*` reads and deletes every bucket of the account, `kms:*` can schedule key deletion.",
    remediation:
      "List the actions the workload needs, or narrow `Resource` to the ARNs it uses. Statements that allow every action are reported by `cloudformation/iam-policy-allows-all-actions` instead.",
    example:
      // biome-ignore lint/suspicious/noTemplateCurlyInString: CloudFormation ${} syntax, not a JS template
      "Statement:\n  - Effect: Allow\n    Action: [s3:GetObject, s3:PutObject]\n    Resource: !Sub ${Bucket.Arn}/*",
    references: [
      "https://docs.aws.amazon.com/IAM/latest/UserGuide/best-practices.html#grant-least-privilege",
    ],
  },
  check(ctx) {
    for (const { resource, statement, actions } of allowsOnEveryResource(ctx.model)) {
      if (actions.some((action) => action === "*" || action === "*:*")) continue;
      const wildcards = actions.filter((action) => /^[a-z0-9-]+:\*$/i.test(action));
      if (wildcards.length === 0) continue;
      ctx.report({
        message: `${resource.logicalId}: ${wildcards.join(", ")} allowed on every resource`,
        at: keySpan(statement.actionEntry!),
      });
    }
  },
});
