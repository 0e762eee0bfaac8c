import { judge, settingRule } from "../checks.ts";

export const acmCertificateTransparencyDisabled = settingRule(
  {
    id: "terraform/acm-certificate-transparency-disabled",
    analyzer: "terraform",
    title: "ACM certificate not logged to Certificate Transparency",
    severity: "low",
    confidence: "high",
    lifecycle: "stable",
    controls: [],
    docs: {
      summary:
        'An `aws_acm_certificate` sets `options { certificate_transparency_logging_preference = "DISABLED" }`.',
      whyItMatters:
        "Browsers distrust public certificates missing from CT logs, and without them a mis-issued certificate for the domain is harder to detect.",
      remediation: 'Remove the option or set it to `"ENABLED"` (the default).',
      example:
        'resource "aws_acm_certificate" "site" {\n  options {\n    certificate_transparency_logging_preference = "ENABLED"\n  }\n}',
    },
  },
  {
    types: ["aws_acm_certificate"],
    path: ["options"],
    attribute: "certificate_transparency_logging_preference",
    judge: judge.noneOf("DISABLED"),
    whenMissing: "safe",
    problem: "is not logged to Certificate Transparency",
    fixValue: '"ENABLED"',
  },
);
