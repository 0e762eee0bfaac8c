import { judge, settingRule } from "../checks.ts";

export const opensearchOldTls = settingRule(
  {
    id: "terraform/opensearch-old-tls",
    analyzer: "terraform",
    title: "OpenSearch domain accepts TLS 1.0",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [326],
    controls: ["IAC-ENC-05"],
    docs: {
      summary:
        'An `aws_opensearch_domain` (or `aws_elasticsearch_domain`) sets `tls_security_policy = "Policy-Min-TLS-1-0-2019-07"`.',
      whyItMatters: "TLS 1.0 and 1.1 have known weaknesses; clients can be downgraded to them.",
      remediation:
        'Set `domain_endpoint_options { tls_security_policy = "Policy-Min-TLS-1-2-2019-07" }` (or the PFS 2023 policy).',
      example:
        'resource "aws_opensearch_domain" "search" {\n  domain_endpoint_options {\n    enforce_https       = true\n    tls_security_policy = "Policy-Min-TLS-1-2-PFS-2023-10"\n  }\n}',
    },
  },
  {
    types: ["aws_opensearch_domain", "aws_elasticsearch_domain"],
    path: ["domain_endpoint_options"],
    attribute: "tls_security_policy",
    judge: judge.noneOf("Policy-Min-TLS-1-0-2019-07"),
    whenMissing: "safe",
    problem: "accepts TLS 1.0",
    fixValue: '"Policy-Min-TLS-1-2-2019-07"',
  },
);
