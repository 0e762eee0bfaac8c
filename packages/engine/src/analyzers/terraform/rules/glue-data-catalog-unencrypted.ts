import { judge, settingRule } from "../checks.ts";

export const glueDataCatalogUnencrypted = settingRule(
  {
    id: "terraform/glue-data-catalog-unencrypted",
    analyzer: "terraform",
    title: "Glue Data Catalog not encrypted at rest",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [311],
    controls: ["IAC-ENC-02"],
    docs: {
      summary: 'An `aws_glue_data_catalog_encryption_settings` sets `catalog_encryption_mode = "DISABLED"`.',
      whyItMatters:
        "The catalog describes every table of the data lake, with locations and at times connection details.",
      remediation:
        'Set `encryption_at_rest { catalog_encryption_mode = "SSE-KMS", sse_aws_kms_key_id = … }`.',
      example:
        'resource "aws_glue_data_catalog_encryption_settings" "main" {\n  data_catalog_encryption_settings {\n    encryption_at_rest {\n      catalog_encryption_mode = "SSE-KMS"\n      sse_aws_kms_key_id      = aws_kms_key.glue.arn\n    }\n  }\n}',
    },
  },
  {
    types: ["aws_glue_data_catalog_encryption_settings"],
    path: ["data_catalog_encryption_settings", "encryption_at_rest"],
    attribute: "catalog_encryption_mode",
    judge: judge.noneOf("DISABLED"),
    whenMissing: "unsafe",
    problem: "does not encrypt the Data Catalog",
  },
);
