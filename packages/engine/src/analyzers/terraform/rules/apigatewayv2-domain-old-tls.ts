import { judge, settingRule } from "../checks.ts";

export const apigatewayv2DomainOldTls = settingRule(
  {
    id: "terraform/apigatewayv2-domain-old-tls",
    analyzer: "terraform",
    title: "API Gateway v2 custom domain accepts TLS 1.0",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [326],
    controls: ["IAC-ENC-05"],
    docs: {
      summary:
        'An `aws_apigatewayv2_domain_name` sets `domain_name_configuration { security_policy = "TLS_1_0" }`.',
      whyItMatters: "TLS 1.0 and 1.1 have known weaknesses; clients can be downgraded to them.",
      remediation: 'Set `security_policy = "TLS_1_2"`.',
      example:
        'resource "aws_apigatewayv2_domain_name" "api" {\n  domain_name_configuration {\n    security_policy = "TLS_1_2"\n  }\n}',
    },
  },
  {
    types: ["aws_apigatewayv2_domain_name"],
    path: ["domain_name_configuration"],
    attribute: "security_policy",
    judge: judge.noneOf("TLS_1_0"),
    whenMissing: "safe",
    problem: "accepts TLS 1.0",
    fixValue: '"TLS_1_2"',
  },
);
