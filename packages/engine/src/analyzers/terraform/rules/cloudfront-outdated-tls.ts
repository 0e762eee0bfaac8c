import { settingRule } from "../checks.ts";

const OUTDATED = new Set(["SSLv3", "TLSv1", "TLSv1_2016", "TLSv1.1_2016"]);

export const cloudfrontOutdatedTls = settingRule(
  {
    id: "terraform/cloudfront-outdated-tls",
    analyzer: "terraform",
    title: "CloudFront distribution accepts TLS older than 1.2",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [326],
    controls: ["IAC-ENC-05"],
    docs: {
      summary:
        "An `aws_cloudfront_distribution`'s `viewer_certificate.minimum_protocol_version` is `SSLv3`, `TLSv1`, " +
        "`TLSv1_2016` or `TLSv1.1_2016`.",
      whyItMatters: "Viewers can negotiate deprecated protocol versions with known weaknesses.",
      remediation:
        'Set `minimum_protocol_version = "TLSv1.2_2021"`. Distributions on the default CloudFront certificate ' +
        "(which always allows TLSv1) cannot change this and are not flagged.",
      example:
        'resource "aws_cloudfront_distribution" "site" {\n  viewer_certificate {\n    acm_certificate_arn      = aws_acm_certificate.site.arn\n    ssl_support_method       = "sni-only"\n    minimum_protocol_version = "TLSv1.2_2021"\n  }\n}',
      references: [
        "https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/secure-connections-supported-viewer-protocols-ciphers.html",
      ],
    },
  },
  {
    types: ["aws_cloudfront_distribution"],
    path: ["viewer_certificate"],
    attribute: "minimum_protocol_version",
    judge: (value) => (typeof value !== "string" ? "unknown" : OUTDATED.has(value) ? "unsafe" : "safe"),
    whenMissing: "safe",
    problem: "accepts TLS older than 1.2",
  },
);
