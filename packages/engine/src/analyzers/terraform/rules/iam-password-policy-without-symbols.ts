import { judge, settingRule } from "../checks.ts";

export const iamPasswordPolicyWithoutSymbols = settingRule(
  {
    id: "terraform/iam-password-policy-without-symbols",
    analyzer: "terraform",
    title: "IAM password policy does not require symbols",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    cwe: [521],
    controls: ["IAC-IAM-02"],
    docs: {
      summary:
        "An `aws_iam_account_password_policy` does not set `require_symbols = true` (the default is false).",
      whyItMatters: "Passwords drawn from fewer character classes are easier to guess and crack.",
      remediation: "Set `require_symbols = true`.",
      example: 'resource "aws_iam_account_password_policy" "strict" {\n  require_symbols = true\n}',
    },
  },
  {
    types: ["aws_iam_account_password_policy"],
    attribute: "require_symbols",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "does not require symbols",
    fixValue: "true",
  },
);
