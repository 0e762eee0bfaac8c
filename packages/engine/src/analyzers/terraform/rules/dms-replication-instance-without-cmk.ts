import { judge, settingRule } from "../checks.ts";

export const dmsReplicationInstanceWithoutCmk = settingRule(
  {
    id: "terraform/dms-replication-instance-without-cmk",
    analyzer: "terraform",
    title: "DMS replication instance storage encrypted with the AWS-managed key",
    severity: "low",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [311],
    controls: ["IAC-ENC-02"],
    docs: {
      summary: "An `aws_dms_replication_instance` has no `kms_key_arn`.",
      whyItMatters:
        "Replication instances stage the rows of the databases they migrate; a customer-managed key adds a separately granted permission to decrypt, lets you revoke access by disabling the key, and records every use in CloudTrail.",
      remediation: "Set `kms_key_arn` to a customer-managed key.",
      example: 'resource "aws_dms_replication_instance" "migrate" {\n  kms_key_arn = aws_kms_key.dms.arn\n}',
    },
  },
  {
    types: ["aws_dms_replication_instance"],
    attribute: "kms_key_arn",
    judge: judge.customerManagedKey,
    whenMissing: "unsafe",
    problem: "is not encrypted with a customer-managed KMS key",
  },
);
