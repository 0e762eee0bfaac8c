import { judge, setting, settingRule } from "../checks.ts";

export const albKeepsInvalidHeaders = settingRule(
  {
    id: "terraform/alb-keeps-invalid-headers",
    analyzer: "terraform",
    title: "Application load balancer forwards invalid HTTP headers",
    severity: "low",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [444],
    controls: ["IAC-ENC-05"],
    docs: {
      summary: "An application `aws_lb`/`aws_alb` leaves `drop_invalid_header_fields` unset or false.",
      whyItMatters:
        "Malformed header names reach the targets, which enables HTTP request smuggling and header-confusion attacks against the application behind it.",
      remediation:
        "Set `drop_invalid_header_fields = true`. Network and gateway load balancers are not flagged.",
      example: 'resource "aws_lb" "web" {\n  drop_invalid_header_fields = true\n}',
      references: [
        "https://docs.aws.amazon.com/elasticloadbalancing/latest/application/application-load-balancers.html#load-balancer-attributes",
      ],
    },
  },
  {
    types: ["aws_lb", "aws_alb"],
    attribute: "drop_invalid_header_fields",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "forwards invalid header fields",
    fixValue: "true",
    exempt: (model, resource) => {
      const type = setting(model, resource, "load_balancer_type");
      return type.state === "unknown" || (type.state === "known" && type.value !== "application");
    },
  },
);
