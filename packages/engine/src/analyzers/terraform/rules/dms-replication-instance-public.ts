import { judge, settingRule } from "../checks.ts";

export const dmsReplicationInstancePublic = settingRule(
  {
    id: "terraform/dms-replication-instance-public",
    analyzer: "terraform",
    title: "DMS replication instance reachable from the internet",
    severity: "high",
    confidence: "high",
    lifecycle: "stable",
    cwe: [284],
    controls: ["IAC-NET-04"],
    docs: {
      summary: "An `aws_dms_replication_instance` sets `publicly_accessible = true`.",
      whyItMatters:
        "The instance holds credentials to the source and target databases and stages their rows; a public address exposes it to the internet.",
      remediation: "Set `publicly_accessible = false`.",
      example: 'resource "aws_dms_replication_instance" "migrate" {\n  publicly_accessible = false\n}',
    },
  },
  {
    types: ["aws_dms_replication_instance"],
    attribute: "publicly_accessible",
    judge: judge.boolean(false),
    whenMissing: "safe",
    problem: "is publicly accessible",
    fixValue: "false",
  },
);
