import { judge, settingRule } from "../checks.ts";

export const iamPasswordPolicyWithoutNumbers = settingRule(
  {
    id: "terraform/iam-password-policy-without-numbers",
    analyzer: "terraform",
    title: "IAM password policy does not require numbers",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    cwe: [521],
    controls: ["IAC-IAM-02"],
    docs: {
      summary:
        "An `aws_iam_account_password_policy` does not set `require_numbers = true` (the default is false).",
      whyItMatters: "Passwords drawn from fewer character classes are easier to guess and crack.",
      remediation: "Set `require_numbers = true`.",
      example: 'resource "aws_iam_account_password_policy" "strict" {\n  require_numbers = true\n}',
    },
  },
  {
    types: ["aws_iam_account_password_policy"],
    attribute: "require_numbers",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "does not require numbers",
    fixValue: "true",
  },
);
