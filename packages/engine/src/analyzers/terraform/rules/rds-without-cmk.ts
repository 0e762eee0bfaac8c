import { judge, settingRule, unlessEnabled } from "../checks.ts";

export const rdsWithoutCmk = settingRule(
  {
    id: "terraform/rds-without-cmk",
    analyzer: "terraform",
    title: "RDS storage encrypted with the AWS-managed key",
    severity: "low",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [311],
    controls: ["IAC-ENC-02"],
    docs: {
      summary:
        "An encrypted `aws_db_instance` or `aws_rds_cluster` has no `kms_key_id`, so it uses the AWS-managed `aws/rds` key.",
      whyItMatters:
        "Anyone allowed to use the account's default RDS key can decrypt its snapshots, and an AWS-managed key cannot be shared to another account to copy a snapshot; a customer-managed key adds a separately granted permission to decrypt, lets you revoke access by disabling the key, and records every use in CloudTrail.",
      remediation:
        "Set `kms_key_id` to a customer-managed key. Unencrypted databases are reported by `unencrypted-rds-instance`/`unencrypted-rds-cluster`, replicas inherit and are not flagged.",
      example:
        'resource "aws_db_instance" "main" {\n  storage_encrypted = true\n  kms_key_id        = aws_kms_key.rds.arn\n}',
    },
  },
  {
    types: ["aws_db_instance", "aws_rds_cluster"],
    attribute: "kms_key_id",
    judge: judge.customerManagedKey,
    whenMissing: "unsafe",
    problem: "is not encrypted with a customer-managed KMS key",
    exempt: (model, resource) =>
      resource.attributes.has("replicate_source_db") ||
      resource.attributes.has("snapshot_identifier") ||
      unlessEnabled("storage_encrypted")(model, resource),
  },
);
