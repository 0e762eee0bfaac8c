import type { FileRule } from "../../../rule.ts";
import { checkSetting, judge } from "../checks.ts";
import type { TerraformModel } from "../model.ts";

const SETTINGS = [
  "block_public_acls",
  "block_public_policy",
  "ignore_public_acls",
  "restrict_public_buckets",
];

export const s3PublicAccessBlockDisabled: FileRule<TerraformModel> = {
  id: "terraform/s3-public-access-block-disabled",
  analyzer: "terraform",
  title: "S3 public access block with a setting turned off",
  severity: "high",
  confidence: "high",
  lifecycle: "stable",
  cwe: [284],
  controls: ["IAC-NET-03"],
  fixable: true,
  docs: {
    summary:
      "An `aws_s3_bucket_public_access_block` or `aws_s3_account_public_access_block` leaves one of " +
      "`block_public_acls`, `block_public_policy`, `ignore_public_acls`, `restrict_public_buckets` unset " +
      "(they default to false) or false.",
    whyItMatters:
      "Each switch closes one path to public data; one left open is enough for a later ACL or bucket policy " +
      "change to publish the bucket.",
    remediation: "Set all four to `true`.",
    example:
      'resource "aws_s3_bucket_public_access_block" "data" {\n  bucket                  = aws_s3_bucket.data.id\n  block_public_acls       = true\n  block_public_policy     = true\n  ignore_public_acls      = true\n  restrict_public_buckets = true\n}',
    references: [
      "https://docs.aws.amazon.com/AmazonS3/latest/userguide/access-control-block-public-access.html",
    ],
  },
  check(ctx) {
    for (const attribute of SETTINGS) {
      checkSetting(ctx, {
        types: ["aws_s3_bucket_public_access_block", "aws_s3_account_public_access_block"],
        attribute,
        judge: judge.boolean(true),
        whenMissing: "unsafe",
        problem: `does not set ${attribute}`,
        fixValue: "true",
      });
    }
  },
};
