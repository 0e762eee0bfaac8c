import { judge, settingRule } from "../checks.ts";

export const secretWithoutRecoveryWindow = settingRule(
  {
    id: "terraform/secret-without-recovery-window",
    analyzer: "terraform",
    title: "Secrets Manager secret deleted without a recovery window",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    cwe: [404],
    controls: ["IAC-BAK-02"],
    docs: {
      summary:
        "An `aws_secretsmanager_secret` sets `recovery_window_in_days = 0`, so a destroy deletes the secret immediately.",
      whyItMatters:
        "A secret deleted by mistake (a rename, a wrong workspace) cannot be restored, and everything that reads it breaks at once.",
      remediation: "Remove `recovery_window_in_days = 0` (the default is 30 days) or set 7 or more.",
      example: 'resource "aws_secretsmanager_secret" "db" {\n  recovery_window_in_days = 30\n}',
    },
  },
  {
    types: ["aws_secretsmanager_secret"],
    attribute: "recovery_window_in_days",
    judge: judge.atLeast(7),
    whenMissing: "safe",
    problem: "is deleted without a recovery window",
  },
);
