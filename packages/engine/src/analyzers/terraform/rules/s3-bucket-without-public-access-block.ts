import type { ProjectRule } from "../../../rule.ts";
import { bucketsWithout, locatedAt } from "../project.ts";
import type { TerraformSummary } from "../summary.ts";

export const s3BucketWithoutPublicAccessBlock: ProjectRule<TerraformSummary> = {
  id: "terraform/s3-bucket-without-public-access-block",
  analyzer: "terraform",
  title: "S3 bucket without a public access block",
  severity: "med",
  confidence: "medium",
  lifecycle: "stable",
  cwe: [284],
  controls: ["IAC-NET-03"],
  docs: {
    summary:
      "An `aws_s3_bucket` has no `aws_s3_bucket_public_access_block` referencing it in the same module, and " +
      "the configuration has no `aws_s3_account_public_access_block`.",
    whyItMatters:
      "Without the block, a single ACL or policy change (by a person, a script or another module) can make " +
      "the bucket public. New buckets block public access by default since April 2023, but buckets created " +
      "earlier, or whose block was removed, do not.",
    remediation:
      "Add an `aws_s3_bucket_public_access_block` for the bucket with all four settings true, or an " +
      "account-wide `aws_s3_account_public_access_block`. A block whose `bucket` comes from a variable " +
      "counts for every bucket of its module.",
    example:
      'resource "aws_s3_bucket_public_access_block" "data" {\n  bucket                  = aws_s3_bucket.data.id\n  block_public_acls       = true\n  block_public_policy     = true\n  ignore_public_acls      = true\n  restrict_public_buckets = true\n}',
    references: [
      "https://docs.aws.amazon.com/AmazonS3/latest/userguide/access-control-block-public-access.html",
    ],
  },
  check(ctx) {
    if (ctx.files.some((file) => file.summary.accountPublicAccessBlock)) return;
    for (const entry of bucketsWithout(ctx, "public-access-block", () => false)) {
      ctx.report({
        path: entry.path,
        message: `aws_s3_bucket.${entry.bucket.name} has no public access block`,
        at: locatedAt(entry.bucket),
      });
    }
  },
};
