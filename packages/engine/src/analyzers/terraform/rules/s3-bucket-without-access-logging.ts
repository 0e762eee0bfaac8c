import type { ProjectRule } from "../../../rule.ts";
import { bucketsWithout, isLogBucket, locatedAt } from "../project.ts";
import type { TerraformSummary } from "../summary.ts";

export const s3BucketWithoutAccessLogging: ProjectRule<TerraformSummary> = {
  id: "terraform/s3-bucket-without-access-logging",
  analyzer: "terraform",
  title: "S3 bucket without server access logging",
  severity: "low",
  confidence: "medium",
  lifecycle: "stable",
  cwe: [778],
  controls: ["IAC-LOG-03"],
  docs: {
    summary:
      "An `aws_s3_bucket` has neither an inline `logging` block nor an `aws_s3_bucket_logging` referencing it " +
      "in its module.",
    whyItMatters:
      "Without access logs nobody can tell which objects were read or deleted, and by whom, after an incident.",
    remediation:
      "Add `aws_s3_bucket_logging` pointing at a log bucket (or enable CloudTrail data events). Buckets that " +
      "receive other buckets' access logs are not flagged: logging a log bucket into itself loops.",
    example:
      'resource "aws_s3_bucket_logging" "data" {\n  bucket        = aws_s3_bucket.data.id\n  target_bucket = aws_s3_bucket.logs.id\n  target_prefix = "data/"\n}',
    references: ["https://docs.aws.amazon.com/AmazonS3/latest/userguide/ServerLogs.html"],
  },
  check(ctx) {
    for (const entry of bucketsWithout(ctx, "logging", (bucket) => bucket.inlineLogging)) {
      if (isLogBucket(ctx, entry)) continue;
      ctx.report({
        path: entry.path,
        message: `aws_s3_bucket.${entry.bucket.name} does not record access logs`,
        at: locatedAt(entry.bucket),
      });
    }
  },
};
