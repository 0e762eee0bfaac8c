import { judge, settingRule } from "../checks.ts";

export const cloudfrontWithoutAccessLogs = settingRule(
  {
    id: "terraform/cloudfront-without-access-logs",
    analyzer: "terraform",
    title: "CloudFront distribution without access logs",
    severity: "med",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [778],
    controls: ["IAC-LOG-03"],
    docs: {
      summary: "An `aws_cloudfront_distribution` has no `logging_config`, so viewer requests are not logged.",
      whyItMatters:
        "Without access logs there is no record of which clients fetched what, needed to investigate scraping, abuse or a leak through the CDN.",
      remediation:
        'Add `logging_config { bucket = "<log bucket>.s3.amazonaws.com" }`, or deliver standard logs v2 through CloudWatch log delivery.',
      example:
        'resource "aws_cloudfront_distribution" "site" {\n  logging_config {\n    bucket = aws_s3_bucket.logs.bucket_domain_name\n  }\n}',
    },
  },
  {
    types: ["aws_cloudfront_distribution"],
    path: ["logging_config"],
    attribute: "bucket",
    judge: judge.present,
    whenMissing: "unsafe",
    problem: "does not record access logs",
  },
);
