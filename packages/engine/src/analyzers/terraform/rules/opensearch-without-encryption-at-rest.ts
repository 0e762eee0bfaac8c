import { judge, settingRule } from "../checks.ts";

export const opensearchWithoutEncryptionAtRest = settingRule(
  {
    id: "terraform/opensearch-without-encryption-at-rest",
    analyzer: "terraform",
    title: "OpenSearch/Elasticsearch domain without encryption at rest",
    severity: "high",
    confidence: "high",
    lifecycle: "stable",
    cwe: [311],
    controls: ["IAC-ENC-02"],
    docs: {
      summary:
        "An `aws_opensearch_domain` or `aws_elasticsearch_domain` has no `encrypt_at_rest { enabled = true }`.",
      whyItMatters: "Indexes, logs and snapshots of the domain are stored in clear.",
      remediation: "Add `encrypt_at_rest { enabled = true }` (optionally with `kms_key_id`).",
      example: 'resource "aws_opensearch_domain" "search" {\n  encrypt_at_rest {\n    enabled = true\n  }\n}',
      references: [
        "https://docs.aws.amazon.com/opensearch-service/latest/developerguide/encryption-at-rest.html",
      ],
    },
  },
  {
    types: ["aws_opensearch_domain", "aws_elasticsearch_domain"],
    path: ["encrypt_at_rest"],
    attribute: "enabled",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "does not encrypt data at rest",
    fixValue: "true",
  },
);
