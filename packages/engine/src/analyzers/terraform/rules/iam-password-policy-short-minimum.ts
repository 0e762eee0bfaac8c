import { judge, settingRule } from "../checks.ts";

export const iamPasswordPolicyShortMinimum = settingRule(
  {
    id: "terraform/iam-password-policy-short-minimum",
    analyzer: "terraform",
    title: "IAM password policy allows passwords shorter than 14 characters",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    cwe: [521],
    controls: ["IAC-IAM-02"],
    docs: {
      summary:
        "An `aws_iam_account_password_policy` sets `minimum_password_length` below 14, or leaves it at the default.",
      whyItMatters:
        "Short passwords fall to guessing and cracking far sooner; CIS AWS asks for at least 14 characters.",
      remediation: "Set `minimum_password_length = 14` or more.",
      example: 'resource "aws_iam_account_password_policy" "strict" {\n  minimum_password_length = 14\n}',
    },
  },
  {
    types: ["aws_iam_account_password_policy"],
    attribute: "minimum_password_length",
    judge: judge.atLeast(14),
    whenMissing: "unsafe",
    problem: "allows passwords shorter than 14 characters",
  },
);
