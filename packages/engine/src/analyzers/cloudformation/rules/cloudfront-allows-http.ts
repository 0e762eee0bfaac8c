import { childOf, type YamlNode } from "../../../parse/yaml-tree.ts";
import { defineFileRule } from "../../../rule.ts";
import { type CfnModel, itemsOf, keySpan, lookup, resourcesOfType, stringValue, UNKNOWN } from "../model.ts";

export const cloudfrontAllowsHttp = defineFileRule<CfnModel>({
  id: "cloudformation/cloudfront-allows-http",
  analyzer: "cloudformation",
  title: "CloudFront serves viewers over plain HTTP",
  severity: "med",
  confidence: "high",
  lifecycle: "stable",
  cwe: [319],
  controls: ["IAC-ENC-05"],
  docs: {
    summary: "A CloudFront cache behavior sets `ViewerProtocolPolicy: allow-all`.",
    whyItMatters:
      "Viewers can load the site over HTTP, where content and cookies can be read and altered on the way.",
    remediation: "Use `redirect-to-https` (or `https-only`) on the default and every ordered cache behavior.",
    example: "DefaultCacheBehavior:\n  ViewerProtocolPolicy: redirect-to-https",
    references: [
      "https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/using-https-viewers-to-cloudfront.html",
    ],
  },
  check(ctx) {
    for (const resource of resourcesOfType(ctx.model, "AWS::CloudFront::Distribution")) {
      const config = childOf(resource.properties, "DistributionConfig");
      const behaviors: YamlNode[] = [];
      const main = childOf(config, "DefaultCacheBehavior");
      if (main) behaviors.push(main);
      const ordered = itemsOf(childOf(config, "CacheBehaviors"));
      if (ordered !== UNKNOWN) behaviors.push(...ordered);
      for (const behavior of behaviors) {
        const policy = lookup(behavior, "ViewerProtocolPolicy");
        if (policy.state !== "present" || stringValue(ctx.model, policy.entry.value) !== "allow-all")
          continue;
        ctx.report({
          message: `${resource.logicalId}: viewers may use plain HTTP`,
          at: keySpan(policy.entry),
        });
      }
    }
  },
});
