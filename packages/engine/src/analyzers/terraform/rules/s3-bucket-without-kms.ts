import type { ProjectRule } from "../../../rule.ts";
import { bucketsWithout, locatedAt } from "../project.ts";
import type { TerraformSummary } from "../summary.ts";

export const s3BucketWithoutKms: ProjectRule<TerraformSummary> = {
  id: "terraform/s3-bucket-without-kms",
  analyzer: "terraform",
  title: "S3 bucket not encrypted with KMS",
  severity: "low",
  confidence: "medium",
  lifecycle: "stable",
  cwe: [311],
  controls: ["IAC-ENC-01"],
  docs: {
    summary:
      'An `aws_s3_bucket` has no server-side encryption configuration with `sse_algorithm = "aws:kms"` (or ' +
      "`aws:kms:dsse`) anywhere in its module, so objects are encrypted with S3-managed keys (SSE-S3) at best.",
    whyItMatters:
      "With S3-managed keys, anyone allowed to read the objects can decrypt them; a KMS key adds a separately granted " +
      "decrypt permission, lets you revoke access by disabling the key, and records every use in CloudTrail.",
    remediation:
      'Add an `aws_s3_bucket_server_side_encryption_configuration` with `sse_algorithm = "aws:kms"` and a ' +
      "`kms_master_key_id`. A configuration whose `bucket` is a variable counts for every bucket of its module; one " +
      "whose algorithm cannot be read is not held against the bucket.",
    example:
      'resource "aws_s3_bucket_server_side_encryption_configuration" "data" {\n  bucket = aws_s3_bucket.data.id\n  rule {\n    apply_server_side_encryption_by_default {\n      sse_algorithm     = "aws:kms"\n      kms_master_key_id = aws_kms_key.s3.arn\n    }\n    bucket_key_enabled = true\n  }\n}',
    references: ["https://docs.aws.amazon.com/AmazonS3/latest/userguide/UsingKMSEncryption.html"],
  },
  check(ctx) {
    for (const entry of bucketsWithout(ctx, "kms-encryption", (bucket) => bucket.inlineKms)) {
      ctx.report({
        path: entry.path,
        message: `aws_s3_bucket.${entry.bucket.name} is not encrypted with a KMS key`,
        at: locatedAt(entry.bucket),
      });
    }
  },
};
