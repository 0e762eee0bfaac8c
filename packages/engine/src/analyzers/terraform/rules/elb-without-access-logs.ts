import { judge, settingRule } from "../checks.ts";

export const elbWithoutAccessLogs = settingRule(
  {
    id: "terraform/elb-without-access-logs",
    analyzer: "terraform",
    title: "Classic load balancer without access logs",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [778],
    controls: ["IAC-LOG-03"],
    docs: {
      summary: "An `aws_elb` (Classic Load Balancer) has no `access_logs` block, or turns it off.",
      whyItMatters:
        "Without access logs there is no record of the clients and requests the load balancer served.",
      remediation: "Add `access_logs { bucket = <log bucket>, enabled = true }`.",
      example:
        'resource "aws_elb" "web" {\n  access_logs {\n    bucket   = aws_s3_bucket.logs.id\n    interval = 60\n  }\n}',
    },
  },
  {
    types: ["aws_elb"],
    path: ["access_logs"],
    attribute: "enabled",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    whenAttributeMissing: "safe",
    problem: "does not record access logs",
  },
);
