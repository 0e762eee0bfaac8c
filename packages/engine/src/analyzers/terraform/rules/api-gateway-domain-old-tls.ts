import { judge, settingRule } from "../checks.ts";

export const apiGatewayDomainOldTls = settingRule(
  {
    id: "terraform/api-gateway-domain-old-tls",
    analyzer: "terraform",
    title: "API Gateway custom domain accepts TLS 1.0",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [326],
    controls: ["IAC-ENC-05"],
    docs: {
      summary: "An `aws_api_gateway_domain_name` leaves `security_policy` at `TLS_1_0` (the default).",
      whyItMatters:
        "TLS 1.0 and 1.1 have known weaknesses and are refused by current compliance baselines; clients can be downgraded to them.",
      remediation: 'Set `security_policy = "TLS_1_2"` (or a newer `SecurityPolicy_…` policy).',
      example: 'resource "aws_api_gateway_domain_name" "api" {\n  security_policy = "TLS_1_2"\n}',
    },
  },
  {
    types: ["aws_api_gateway_domain_name"],
    attribute: "security_policy",
    judge: judge.noneOf("TLS_1_0"),
    whenMissing: "unsafe",
    problem: "accepts TLS 1.0",
    fixValue: '"TLS_1_2"',
  },
);
