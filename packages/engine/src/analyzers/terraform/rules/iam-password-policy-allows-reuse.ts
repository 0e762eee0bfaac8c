import { judge, settingRule } from "../checks.ts";

export const iamPasswordPolicyAllowsReuse = settingRule(
  {
    id: "terraform/iam-password-policy-allows-reuse",
    analyzer: "terraform",
    title: "IAM password policy allows reusing recent passwords",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    cwe: [521],
    controls: ["IAC-IAM-02"],
    docs: {
      summary:
        "An `aws_iam_account_password_policy` sets `password_reuse_prevention` below 24, or not at all.",
      whyItMatters: "Users forced to rotate cycle back to a previous, possibly leaked, password.",
      remediation: "Set `password_reuse_prevention = 24`.",
      example: 'resource "aws_iam_account_password_policy" "strict" {\n  password_reuse_prevention = 24\n}',
    },
  },
  {
    types: ["aws_iam_account_password_policy"],
    attribute: "password_reuse_prevention",
    judge: judge.atLeast(24),
    whenMissing: "unsafe",
    problem: "allows reusing recent passwords",
  },
);
