import { judge, setting, settingRule } from "../checks.ts";

export const redshiftWithoutCmk = settingRule(
  {
    id: "terraform/redshift-without-cmk",
    analyzer: "terraform",
    title: "Redshift cluster not encrypted with a customer-managed key",
    severity: "low",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [311],
    controls: ["IAC-ENC-02"],
    docs: {
      summary: "An `aws_redshift_cluster` has no `kms_key_id`.",
      whyItMatters:
        "A warehouse holds copies of the company's data; a customer-managed key adds a separately granted permission to decrypt, lets you revoke access by disabling the key, and records every use in CloudTrail.",
      remediation:
        "Set `kms_key_id` to a customer-managed key. Clusters with `encrypted = false` are reported by `redshift-cluster-unencrypted`.",
      example:
        'resource "aws_redshift_cluster" "warehouse" {\n  encrypted  = true\n  kms_key_id = aws_kms_key.redshift.arn\n}',
    },
  },
  {
    types: ["aws_redshift_cluster"],
    attribute: "kms_key_id",
    judge: judge.customerManagedKey,
    whenMissing: "unsafe",
    problem: "is not encrypted with a customer-managed KMS key",
    exempt: (model, resource) => {
      const encrypted = setting(model, resource, "encrypted");
      return (
        encrypted.state === "unknown" ||
        (encrypted.state === "known" && judge.boolean(true)(encrypted.value) === "unsafe")
      );
    },
  },
);
