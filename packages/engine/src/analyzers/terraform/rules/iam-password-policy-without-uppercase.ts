import { judge, settingRule } from "../checks.ts";

export const iamPasswordPolicyWithoutUppercase = settingRule(
  {
    id: "terraform/iam-password-policy-without-uppercase",
    analyzer: "terraform",
    title: "IAM password policy does not require uppercase letters",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    cwe: [521],
    controls: ["IAC-IAM-02"],
    docs: {
      summary:
        "An `aws_iam_account_password_policy` does not set `require_uppercase_characters = true` (the default is false).",
      whyItMatters: "Passwords drawn from fewer character classes are easier to guess and crack.",
      remediation: "Set `require_uppercase_characters = true`.",
      example:
        'resource "aws_iam_account_password_policy" "strict" {\n  require_uppercase_characters = true\n}',
    },
  },
  {
    types: ["aws_iam_account_password_policy"],
    attribute: "require_uppercase_characters",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "does not require uppercase letters",
    fixValue: "true",
  },
);
