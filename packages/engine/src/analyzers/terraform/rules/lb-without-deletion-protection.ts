import { judge, settingRule } from "../checks.ts";

export const lbWithoutDeletionProtection = settingRule(
  {
    id: "terraform/lb-without-deletion-protection",
    analyzer: "terraform",
    title: "Load balancer without deletion protection",
    severity: "low",
    confidence: "medium",
    lifecycle: "stable",
    controls: ["IAC-BAK-02"],
    docs: {
      summary: "An `aws_lb`/`aws_alb` leaves `enable_deletion_protection` unset or false.",
      whyItMatters:
        "A mistaken destroy or replacement removes the entry point of the service, and its DNS name with it.",
      remediation: "Set `enable_deletion_protection = true` for long-lived load balancers.",
      example: 'resource "aws_lb" "web" {\n  enable_deletion_protection = true\n}',
      references: [
        "https://docs.aws.amazon.com/elasticloadbalancing/latest/application/application-load-balancers.html#deletion-protection",
      ],
    },
  },
  {
    types: ["aws_lb", "aws_alb"],
    attribute: "enable_deletion_protection",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "can be deleted without a protection switch",
    fixValue: "true",
  },
);
