import type { FileRule } from "../../../rule.ts";
import { addressOf, at, children, resources, setting } from "../checks.ts";
import { knownStrings } from "../evaluate.ts";
import type { TerraformModel } from "../model.ts";

const OUTDATED = new Set(["SSLv3", "TLSv1", "TLSv1.1"]);

export const cloudfrontOriginOldTls: FileRule<TerraformModel> = {
  id: "terraform/cloudfront-origin-old-tls",
  analyzer: "terraform",
  title: "CloudFront may reach its origin over SSLv3 or TLS 1.0/1.1",
  severity: "low",
  confidence: "high",
  lifecycle: "stable",
  cwe: [326],
  controls: ["IAC-ENC-05"],
  docs: {
    summary:
      "An `aws_cloudfront_distribution` origin lists `SSLv3`, `TLSv1` or `TLSv1.1` in `custom_origin_config.origin_ssl_protocols`.",
    whyItMatters:
      "CloudFront negotiates the best protocol the origin offers; allowing the old ones lets a misconfigured or downgraded origin carry traffic over broken protocols.",
    remediation: 'Set `origin_ssl_protocols = ["TLSv1.2"]`.',
    example:
      'resource "aws_cloudfront_distribution" "site" {\n  origin {\n    custom_origin_config {\n      origin_protocol_policy = "https-only"\n      origin_ssl_protocols   = ["TLSv1.2"]\n    }\n  }\n}',
  },
  check(ctx) {
    for (const distribution of resources(ctx.model, "aws_cloudfront_distribution")) {
      for (const origin of children(distribution, "origin")) {
        for (const config of children(origin, "custom_origin_config")) {
          if (origin.dynamic || config.dynamic) continue;
          const protocols = setting(ctx.model, config, "origin_ssl_protocols");
          if (protocols.state !== "known") continue;
          const old = knownStrings(protocols.value).filter((protocol) => OUTDATED.has(protocol));
          if (old.length === 0) continue;
          ctx.report({
            message: `${addressOf(distribution)} allows ${old.join(", ")} to its origin`,
            at: at(protocols.attribute.span),
          });
        }
      }
    }
  },
};
