import type { FileRule } from "../../../rule.ts";
import { checkSetting, judge } from "../checks.ts";
import type { TerraformModel } from "../model.ts";

/** The three stores a Glue security configuration encrypts, each with its own mode attribute. */
const TARGETS = [
  { block: "s3_encryption", attribute: "s3_encryption_mode", what: "job output in S3" },
  { block: "cloudwatch_encryption", attribute: "cloudwatch_encryption_mode", what: "job logs" },
  { block: "job_bookmarks_encryption", attribute: "job_bookmarks_encryption_mode", what: "job bookmarks" },
] as const;

export const glueSecurityConfigurationUnencrypted: FileRule<TerraformModel> = {
  id: "terraform/glue-security-configuration-unencrypted",
  analyzer: "terraform",
  title: "Glue security configuration leaves data unencrypted",
  severity: "med",
  confidence: "high",
  lifecycle: "stable",
  cwe: [311],
  controls: ["IAC-ENC-01"],
  docs: {
    summary:
      "An `aws_glue_security_configuration` sets `s3_encryption_mode`, `cloudwatch_encryption_mode` or " +
      '`job_bookmarks_encryption_mode` to `"DISABLED"` (or omits the mode, which means disabled).',
    whyItMatters:
      "Jobs running with it write their output, logs and bookmarks (which record the data already processed) unencrypted.",
    remediation:
      'Set `s3_encryption_mode = "SSE-KMS"`, `cloudwatch_encryption_mode = "SSE-KMS"` and `job_bookmarks_encryption_mode = "CSE-KMS"`, each with a `kms_key_arn`.',
    example:
      'resource "aws_glue_security_configuration" "etl" {\n  encryption_configuration {\n    s3_encryption {\n      s3_encryption_mode = "SSE-KMS"\n      kms_key_arn        = aws_kms_key.glue.arn\n    }\n    cloudwatch_encryption {\n      cloudwatch_encryption_mode = "SSE-KMS"\n      kms_key_arn                = aws_kms_key.glue.arn\n    }\n    job_bookmarks_encryption {\n      job_bookmarks_encryption_mode = "CSE-KMS"\n      kms_key_arn                   = aws_kms_key.glue.arn\n    }\n  }\n}',
    references: ["https://docs.aws.amazon.com/glue/latest/dg/encryption-security-configuration.html"],
  },
  check(ctx) {
    for (const target of TARGETS) {
      checkSetting(ctx, {
        types: ["aws_glue_security_configuration"],
        path: ["encryption_configuration", target.block],
        attribute: target.attribute,
        judge: judge.noneOf("DISABLED"),
        // The three blocks are required by the provider; a missing one is a broken file, not a finding.
        whenMissing: "safe",
        whenAttributeMissing: "unsafe",
        problem: `does not encrypt ${target.what}`,
      });
    }
  },
};
