import { judge, settingRule } from "../checks.ts";

export const opensearchWithoutNodeToNodeEncryption = settingRule(
  {
    id: "terraform/opensearch-without-node-to-node-encryption",
    analyzer: "terraform",
    title: "OpenSearch/Elasticsearch domain without node-to-node encryption",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [319],
    controls: ["IAC-ENC-05"],
    docs: {
      summary:
        "An `aws_opensearch_domain` or `aws_elasticsearch_domain` has no `node_to_node_encryption { enabled = true }`.",
      whyItMatters:
        "Traffic between the domain's nodes, which carries every indexed document, is not encrypted.",
      remediation: "Add `node_to_node_encryption { enabled = true }`.",
      example:
        'resource "aws_opensearch_domain" "search" {\n  node_to_node_encryption {\n    enabled = true\n  }\n}',
      references: ["https://docs.aws.amazon.com/opensearch-service/latest/developerguide/ntn.html"],
    },
  },
  {
    types: ["aws_opensearch_domain", "aws_elasticsearch_domain"],
    path: ["node_to_node_encryption"],
    attribute: "enabled",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "does not encrypt traffic between nodes",
    fixValue: "true",
  },
);
