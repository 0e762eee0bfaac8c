import { judge, settingRule } from "../checks.ts";

export const athenaDatabaseUnencrypted = settingRule(
  {
    id: "terraform/athena-database-unencrypted",
    analyzer: "terraform",
    title: "Athena database without encryption configuration",
    severity: "low",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [311],
    controls: ["IAC-ENC-01"],
    docs: {
      summary:
        "An `aws_athena_database` has no `encryption_configuration`, so the results of its queries are written unencrypted.",
      whyItMatters: "Query results are copies of the data, left in the results bucket.",
      remediation: 'Add `encryption_configuration { encryption_option = "SSE_KMS", kms_key = … }`.',
      example:
        'resource "aws_athena_database" "logs" {\n  encryption_configuration {\n    encryption_option = "SSE_KMS"\n    kms_key           = aws_kms_key.athena.arn\n  }\n}',
    },
  },
  {
    types: ["aws_athena_database"],
    path: ["encryption_configuration"],
    attribute: "encryption_option",
    judge: judge.oneOf("SSE_S3", "SSE_KMS", "CSE_KMS"),
    whenMissing: "unsafe",
    problem: "does not encrypt query results",
  },
);
