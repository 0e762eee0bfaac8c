import { settingRule } from "../checks.ts";

export const iamPasswordPolicyNeverExpires = settingRule(
  {
    id: "terraform/iam-password-policy-never-expires",
    analyzer: "terraform",
    title: "IAM passwords never expire",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    cwe: [521],
    controls: ["IAC-IAM-02"],
    docs: {
      summary: "An `aws_iam_account_password_policy` sets no `max_password_age`, or one above 90 days.",
      whyItMatters: "A password that never changes stays useful to whoever learned it.",
      remediation: "Set `max_password_age = 90` or less (or move people to SSO and remove IAM users).",
      example: 'resource "aws_iam_account_password_policy" "strict" {\n  max_password_age = 90\n}',
    },
  },
  {
    types: ["aws_iam_account_password_policy"],
    attribute: "max_password_age",
    judge: (value) => {
      const days = typeof value === "number" ? value : Number(value);
      if (!Number.isFinite(days)) return "unknown";
      return days >= 1 && days <= 90 ? "safe" : "unsafe";
    },
    whenMissing: "unsafe",
    problem: "lets passwords live longer than 90 days",
  },
);
