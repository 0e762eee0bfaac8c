import { judge, settingRule } from "../checks.ts";

export const opensearchHttpsNotEnforced = settingRule(
  {
    id: "terraform/opensearch-https-not-enforced",
    analyzer: "terraform",
    title: "OpenSearch/Elasticsearch domain accepts plain HTTP",
    severity: "high",
    confidence: "high",
    lifecycle: "stable",
    cwe: [319],
    controls: ["IAC-ENC-05"],
    docs: {
      summary:
        "An OpenSearch or Elasticsearch domain sets `domain_endpoint_options { enforce_https = false }`, or declares no `domain_endpoint_options` block, which leaves the service's default: HTTPS not enforced (inside a declared block the provider defaults `enforce_https` to true).",
      whyItMatters:
        "Clients can talk to the domain over plain HTTP, exposing queries, documents and credentials on the wire.",
      remediation: "Set `enforce_https = true` and a `tls_security_policy` of TLS 1.2 or later.",
      example:
        'resource "aws_opensearch_domain" "search" {\n  domain_endpoint_options {\n    enforce_https       = true\n    tls_security_policy = "Policy-Min-TLS-1-2-2019-07"\n  }\n}',
      references: [
        "https://docs.aws.amazon.com/opensearch-service/latest/developerguide/createupdatedomains.html",
      ],
    },
  },
  {
    types: ["aws_opensearch_domain", "aws_elasticsearch_domain"],
    path: ["domain_endpoint_options"],
    attribute: "enforce_https",
    judge: judge.boolean(true),
    // the AWS API's EnforceHTTPS defaults to false; the provider's block schema defaults it to true
    whenMissing: "unsafe",
    whenAttributeMissing: "safe",
    problem: "does not enforce HTTPS",
    fixValue: "true",
  },
);
