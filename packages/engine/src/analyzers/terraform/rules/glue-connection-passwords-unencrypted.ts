import { judge, settingRule } from "../checks.ts";

export const glueConnectionPasswordsUnencrypted = settingRule(
  {
    id: "terraform/glue-connection-passwords-unencrypted",
    analyzer: "terraform",
    title: "Glue connection passwords returned unencrypted",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [312],
    controls: ["IAC-ENC-02"],
    docs: {
      summary:
        "An `aws_glue_data_catalog_encryption_settings` sets `connection_password_encryption { return_connection_password_encrypted = false }`.",
      whyItMatters:
        "Database passwords stored in Glue connections are then returned in clear text to anyone who can read the connection.",
      remediation: "Set `return_connection_password_encrypted = true` with an `aws_kms_key_id`.",
      example:
        'resource "aws_glue_data_catalog_encryption_settings" "main" {\n  data_catalog_encryption_settings {\n    connection_password_encryption {\n      return_connection_password_encrypted = true\n      aws_kms_key_id                       = aws_kms_key.glue.arn\n    }\n  }\n}',
    },
  },
  {
    types: ["aws_glue_data_catalog_encryption_settings"],
    path: ["data_catalog_encryption_settings", "connection_password_encryption"],
    attribute: "return_connection_password_encrypted",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "returns connection passwords unencrypted",
    fixValue: "true",
  },
);
