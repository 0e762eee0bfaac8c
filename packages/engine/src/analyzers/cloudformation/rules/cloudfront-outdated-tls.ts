import { defineFileRule } from "../../../rule.ts";
import { booleanOf, type CfnModel, keySpan, lookup, resourcesOfType, stringValue } from "../model.ts";

const OUTDATED = new Set(["SSLv3", "TLSv1", "TLSv1_2016", "TLSv1.1_2016"]);

export const cloudfrontOutdatedTls = defineFileRule<CfnModel>({
  id: "cloudformation/cloudfront-outdated-tls",
  analyzer: "cloudformation",
  title: "CloudFront accepts TLS older than 1.2",
  severity: "med",
  confidence: "high",
  lifecycle: "stable",
  cwe: [326],
  controls: ["IAC-ENC-05"],
  docs: {
    summary:
      "A distribution with its own certificate sets `ViewerCertificate.MinimumProtocolVersion` to SSLv3, TLSv1, TLSv1_2016 or TLSv1.1_2016, or leaves it unset (TLSv1).",
    whyItMatters:
      "Viewers can negotiate protocol versions with known weaknesses; compliance baselines require TLS 1.2.",
    remediation:
      "Set `MinimumProtocolVersion: TLSv1.2_2021`. Distributions on the default `*.cloudfront.net` certificate cannot choose and are not reported.",
    example:
      "ViewerCertificate:\n  AcmCertificateArn: !Ref Certificate\n  SslSupportMethod: sni-only\n  MinimumProtocolVersion: TLSv1.2_2021",
    references: [
      "https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/secure-connections-supported-viewer-protocols-ciphers.html",
    ],
  },
  check(ctx) {
    for (const resource of resourcesOfType(ctx.model, "AWS::CloudFront::Distribution")) {
      const certificate = lookup(resource.properties, "DistributionConfig", "ViewerCertificate");
      if (certificate.state !== "present") continue;
      const usesDefault = lookup(certificate.entry.value, "CloudFrontDefaultCertificate");
      if (usesDefault.state === "present" && booleanOf(ctx.model, usesDefault.entry.value) !== false)
        continue;
      const version = lookup(certificate.entry.value, "MinimumProtocolVersion");
      if (version.state === "unknown") continue;
      if (version.state === "absent") {
        ctx.report({
          message: `${resource.logicalId}: MinimumProtocolVersion is not set (defaults to TLSv1)`,
          at: keySpan(certificate.entry),
        });
        continue;
      }
      const value = stringValue(ctx.model, version.entry.value);
      if (value !== undefined && OUTDATED.has(value)) {
        ctx.report({
          message: `${resource.logicalId}: viewers may negotiate ${value}`,
          at: keySpan(version.entry),
        });
      }
    }
  },
});
