import { judge, settingRule } from "../checks.ts";

export const vpcEndpointServiceAutoAccepts = settingRule(
  {
    id: "terraform/vpc-endpoint-service-auto-accepts",
    analyzer: "terraform",
    title: "VPC endpoint service accepts any connection",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [284],
    controls: ["IAC-NET-02"],
    docs: {
      summary: "An `aws_vpc_endpoint_service` sets `acceptance_required = false`.",
      whyItMatters:
        "Any principal allowed to see the service can connect an endpoint to it without review, reaching the load balancer behind it from their own VPC.",
      remediation: "Set `acceptance_required = true`, and restrict `allowed_principals`.",
      example: 'resource "aws_vpc_endpoint_service" "api" {\n  acceptance_required = true\n}',
    },
  },
  {
    types: ["aws_vpc_endpoint_service"],
    attribute: "acceptance_required",
    judge: judge.boolean(true),
    whenMissing: "safe",
    problem: "accepts endpoint connections without review",
    fixValue: "true",
  },
);
