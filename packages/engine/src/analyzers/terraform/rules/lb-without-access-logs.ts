import { judge, setting, settingRule } from "../checks.ts";

export const lbWithoutAccessLogs = settingRule(
  {
    id: "terraform/lb-without-access-logs",
    analyzer: "terraform",
    title: "Load balancer without access logs",
    severity: "med",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [778],
    controls: ["IAC-LOG-03"],
    docs: {
      summary:
        "An `aws_lb`/`aws_alb` has no `access_logs` block, or one that is not enabled (`enabled` defaults to false).",
      whyItMatters:
        "Without request logs there is no record of who called what, which makes incident investigation guesswork.",
      remediation:
        "Add `access_logs { bucket = ..., enabled = true }` pointing at a log bucket. Gateway load balancers, which have no access logs, are not flagged.",
      example:
        'resource "aws_lb" "web" {\n  access_logs {\n    bucket  = aws_s3_bucket.logs.id\n    enabled = true\n  }\n}',
      references: [
        "https://docs.aws.amazon.com/elasticloadbalancing/latest/application/enable-access-logging.html",
      ],
    },
  },
  {
    types: ["aws_lb", "aws_alb"],
    path: ["access_logs"],
    attribute: "enabled",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "does not record access logs",
    fixValue: "true",
    exempt: (model, resource) => {
      const type = setting(model, resource, "load_balancer_type");
      return type.state === "unknown" || (type.state === "known" && type.value === "gateway");
    },
  },
);
