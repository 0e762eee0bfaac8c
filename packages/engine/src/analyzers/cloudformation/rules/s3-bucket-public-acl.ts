import { defineFileRule } from "../../../rule.ts";
import { type CfnModel, keySpan, lookup, resourcesOfType, stringValue } from "../model.ts";

const PUBLIC = new Set(["PublicRead", "PublicReadWrite", "AuthenticatedRead"]);

export const s3BucketPublicAcl = defineFileRule<CfnModel>({
  id: "cloudformation/s3-bucket-public-acl",
  analyzer: "cloudformation",
  title: "S3 bucket with a public canned ACL",
  severity: "high",
  confidence: "high",
  lifecycle: "stable",
  cwe: [284],
  controls: ["IAC-NET-03"],
  docs: {
    summary:
      "An `AWS::S3::Bucket` sets `AccessControl` to `PublicRead`, `PublicReadWrite` or `AuthenticatedRead`.",
    whyItMatters:
      "Every object can be listed (and with PublicReadWrite, written) by anyone on the internet or any AWS account.",
    remediation:
      "Remove `AccessControl` (buckets default to private with ACLs disabled) and serve public content through CloudFront with an origin access control.",
    example:
      "Bucket:\n  Type: AWS::S3::Bucket\n  Properties:\n    OwnershipControls:\n      Rules:\n        - ObjectOwnership: BucketOwnerEnforced",
    references: ["https://docs.aws.amazon.com/AmazonS3/latest/userguide/acl-overview.html#canned-acl"],
  },
  check(ctx) {
    for (const resource of resourcesOfType(ctx.model, "AWS::S3::Bucket")) {
      const acl = lookup(resource.properties, "AccessControl");
      if (acl.state !== "present") continue;
      const value = stringValue(ctx.model, acl.entry.value);
      if (value === undefined || !PUBLIC.has(value)) continue;
      ctx.report({
        message: `${resource.logicalId}: AccessControl ${value} makes the bucket public`,
        at: keySpan(acl.entry),
      });
    }
  },
});
