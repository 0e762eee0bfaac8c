import { judge, settingRule, unlessEnabled } from "../checks.ts";

export const opensearchWithoutCmk = settingRule(
  {
    id: "terraform/opensearch-without-cmk",
    analyzer: "terraform",
    title: "OpenSearch domain encrypted with the AWS-managed key",
    severity: "low",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [311],
    controls: ["IAC-ENC-02"],
    docs: {
      summary:
        "An `aws_opensearch_domain` (or `aws_elasticsearch_domain`) encrypts at rest without a `kms_key_id`.",
      whyItMatters:
        "Search indexes hold copies of documents and logs; a customer-managed key adds a separately granted permission to decrypt, lets you revoke access by disabling the key, and records every use in CloudTrail.",
      remediation: "Set `encrypt_at_rest { enabled = true, kms_key_id = … }`.",
      example:
        'resource "aws_opensearch_domain" "search" {\n  encrypt_at_rest {\n    enabled    = true\n    kms_key_id = aws_kms_key.search.arn\n  }\n}',
    },
  },
  {
    types: ["aws_opensearch_domain", "aws_elasticsearch_domain"],
    path: ["encrypt_at_rest"],
    attribute: "kms_key_id",
    judge: judge.customerManagedKey,
    whenMissing: "unsafe",
    problem: "is not encrypted with a customer-managed KMS key",
    exempt: unlessEnabled("enabled", ["encrypt_at_rest"]),
  },
);
