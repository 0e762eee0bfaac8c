import { judge, settingRule } from "../checks.ts";

export const s3PublicAcl = settingRule(
  {
    id: "terraform/s3-public-acl",
    analyzer: "terraform",
    title: "S3 bucket with a public canned ACL",
    severity: "critical",
    confidence: "high",
    lifecycle: "stable",
    cwe: [284],
    controls: ["IAC-NET-03"],
    docs: {
      summary:
        "An `aws_s3_bucket` (legacy `acl` argument) or `aws_s3_bucket_acl` uses the canned ACL `public-read`, " +
        "`public-read-write` or `authenticated-read`.",
      whyItMatters:
        "Everyone on the internet (or every AWS account, for `authenticated-read`) can list and read the " +
        "bucket; `public-read-write` also lets them overwrite and plant objects.",
      remediation:
        'Use `acl = "private"` (or drop ACLs with `object_ownership = "BucketOwnerEnforced"`) and serve ' +
        "public content through CloudFront with origin access control.",
      example:
        'resource "aws_s3_bucket_acl" "data" {\n  bucket = aws_s3_bucket.data.id\n  acl    = "private"\n}',
      references: ["https://docs.aws.amazon.com/AmazonS3/latest/userguide/acl-overview.html#canned-acl"],
    },
  },
  {
    types: ["aws_s3_bucket", "aws_s3_bucket_acl"],
    attribute: "acl",
    judge: judge.noneOf("public-read", "public-read-write", "authenticated-read"),
    whenMissing: "safe",
    problem: "has a public canned ACL",
  },
);
