import { defineFileRule } from "../../../rule.ts";
import { allowStatements } from "../checks.ts";
import { type CfnModel, keySpan } from "../model.ts";

export const iamPolicyAllowNotAction = defineFileRule<CfnModel>({
  id: "cloudformation/iam-policy-allow-not-action",
  analyzer: "cloudformation",
  title: "IAM policy allows everything except a list (Allow with NotAction)",
  severity: "high",
  confidence: "medium",
  lifecycle: "stable",
  cwe: [269],
  controls: ["IAC-IAM-01"],
  docs: {
    summary: "An IAM policy statement combines `Effect: Allow` with `NotAction`.",
    whyItMatters:
      "It allows every action of every service except the listed ones, including services and actions AWS adds later; it almost always grants far more than intended.",
    remediation:
      "Allow the actions that are needed with `Action`. `NotAction` belongs in `Deny` statements (for example, deny everything except IAM self-service without MFA), which are not reported.",
    example:
      "Statement:\n  - Effect: Allow\n    Action: [logs:CreateLogStream, logs:PutLogEvents]\n    Resource: '*'",
    references: [
      "https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_policies_elements_notaction.html",
    ],
  },
  check(ctx) {
    for (const { resource, statement } of allowStatements(ctx.model)) {
      if (!statement.notActionEntry) continue;
      ctx.report({
        message: `${resource.logicalId}: an Allow statement uses NotAction and so allows everything else`,
        at: keySpan(statement.notActionEntry),
      });
    }
  },
});
