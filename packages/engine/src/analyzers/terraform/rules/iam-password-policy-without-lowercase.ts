import { judge, settingRule } from "../checks.ts";

export const iamPasswordPolicyWithoutLowercase = settingRule(
  {
    id: "terraform/iam-password-policy-without-lowercase",
    analyzer: "terraform",
    title: "IAM password policy does not require lowercase letters",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    cwe: [521],
    controls: ["IAC-IAM-02"],
    docs: {
      summary:
        "An `aws_iam_account_password_policy` does not set `require_lowercase_characters = true` (the default is false).",
      whyItMatters: "Passwords drawn from fewer character classes are easier to guess and crack.",
      remediation: "Set `require_lowercase_characters = true`.",
      example:
        'resource "aws_iam_account_password_policy" "strict" {\n  require_lowercase_characters = true\n}',
    },
  },
  {
    types: ["aws_iam_account_password_policy"],
    attribute: "require_lowercase_characters",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "does not require lowercase letters",
    fixValue: "true",
  },
);
