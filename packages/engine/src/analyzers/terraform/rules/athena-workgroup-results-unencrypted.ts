import { judge, settingRule } from "../checks.ts";

export const athenaWorkgroupResultsUnencrypted = settingRule(
  {
    id: "terraform/athena-workgroup-results-unencrypted",
    analyzer: "terraform",
    title: "Athena workgroup does not encrypt query results",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [311],
    controls: ["IAC-ENC-01"],
    docs: {
      summary:
        "An `aws_athena_workgroup` has no `configuration { result_configuration { encryption_configuration { … } } }`.",
      whyItMatters:
        "Query results are copies of the queried data written to S3; unencrypted, they are exposed to anyone who can read the results bucket.",
      remediation:
        'Add `encryption_configuration { encryption_option = "SSE_KMS", kms_key_arn = … }` to the result configuration, and keep `enforce_workgroup_configuration = true`.',
      example:
        'resource "aws_athena_workgroup" "analytics" {\n  configuration {\n    result_configuration {\n      encryption_configuration {\n        encryption_option = "SSE_KMS"\n        kms_key_arn       = aws_kms_key.athena.arn\n      }\n    }\n  }\n}',
    },
  },
  {
    types: ["aws_athena_workgroup"],
    path: ["configuration", "result_configuration", "encryption_configuration"],
    attribute: "encryption_option",
    judge: judge.oneOf("SSE_S3", "SSE_KMS", "CSE_KMS"),
    whenMissing: "unsafe",
    problem: "does not encrypt query results",
  },
);
