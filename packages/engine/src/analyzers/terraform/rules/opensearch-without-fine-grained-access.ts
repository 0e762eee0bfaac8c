import { judge, settingRule } from "../checks.ts";

export const opensearchWithoutFineGrainedAccess = settingRule(
  {
    id: "terraform/opensearch-without-fine-grained-access",
    analyzer: "terraform",
    title: "OpenSearch domain without fine-grained access control",
    severity: "low",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [284],
    controls: ["IAC-IAM-02"],
    docs: {
      summary:
        "An `aws_opensearch_domain` (or `aws_elasticsearch_domain`) does not set `advanced_security_options { enabled = true }`.",
      whyItMatters:
        "Without fine-grained access control, anyone the domain policy lets in can read and write every index.",
      remediation:
        "Add `advanced_security_options { enabled = true, internal_user_database_enabled = false, master_user_options { master_user_arn = … } }`.",
      example:
        'resource "aws_opensearch_domain" "search" {\n  advanced_security_options {\n    enabled = true\n    master_user_options {\n      master_user_arn = aws_iam_role.search_admin.arn\n    }\n  }\n}',
    },
  },
  {
    types: ["aws_opensearch_domain", "aws_elasticsearch_domain"],
    path: ["advanced_security_options"],
    attribute: "enabled",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "does not use fine-grained access control",
  },
);
