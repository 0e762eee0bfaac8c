import type { ProjectRule } from "../../../rule.ts";
import { bucketsWithout, locatedAt } from "../project.ts";
import type { TerraformSummary } from "../summary.ts";

export const s3BucketWithoutEncryptionConfiguration: ProjectRule<TerraformSummary> = {
  id: "terraform/s3-bucket-without-encryption-configuration",
  analyzer: "terraform",
  title: "S3 bucket without an explicit encryption configuration",
  severity: "low",
  confidence: "medium",
  lifecycle: "preview",
  cwe: [311],
  controls: ["IAC-ENC-01"],
  docs: {
    summary:
      "An `aws_s3_bucket` has neither an inline `server_side_encryption_configuration` nor an " +
      "`aws_s3_bucket_server_side_encryption_configuration` referencing it in its module.",
    whyItMatters:
      "Since January 2023 S3 encrypts new objects with S3-managed keys by default, so data is not stored in " +
      "clear; but without an explicit configuration you cannot choose a KMS key, enforce bucket keys or show " +
      "an auditor that encryption is intended. Hence low severity.",
    remediation:
      "Add `aws_s3_bucket_server_side_encryption_configuration` (SSE-KMS with a customer-managed key for " +
      "sensitive data).",
    example:
      'resource "aws_s3_bucket_server_side_encryption_configuration" "data" {\n  bucket = aws_s3_bucket.data.id\n  rule {\n    apply_server_side_encryption_by_default {\n      sse_algorithm     = "aws:kms"\n      kms_master_key_id = aws_kms_key.data.arn\n    }\n    bucket_key_enabled = true\n  }\n}',
    references: ["https://docs.aws.amazon.com/AmazonS3/latest/userguide/default-encryption-faq.html"],
  },
  check(ctx) {
    for (const entry of bucketsWithout(ctx, "encryption", (bucket) => bucket.inlineEncryption)) {
      ctx.report({
        path: entry.path,
        message: `aws_s3_bucket.${entry.bucket.name} has no explicit encryption configuration`,
        at: locatedAt(entry.bucket),
      });
    }
  },
};
