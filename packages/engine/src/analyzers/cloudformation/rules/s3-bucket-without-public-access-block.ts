import { defineFileRule } from "../../../rule.ts";
import { expectBoolean } from "../checks.ts";
import { type CfnModel, lookup, resourceSpan, resourcesOfType } from "../model.ts";

const SETTINGS = ["BlockPublicAcls", "BlockPublicPolicy", "IgnorePublicAcls", "RestrictPublicBuckets"];

export const s3BucketWithoutPublicAccessBlock = defineFileRule<CfnModel>({
  id: "cloudformation/s3-bucket-without-public-access-block",
  analyzer: "cloudformation",
  title: "S3 bucket public access block missing or weakened",
  severity: "high",
  confidence: "high",
  lifecycle: "stable",
  cwe: [284],
  controls: ["IAC-NET-03"],
  fixable: true,
  docs: {
    summary:
      "An `AWS::S3::Bucket` has no `PublicAccessBlockConfiguration`, or sets one of its four settings to false.",
    whyItMatters:
      "Without the block, one ACL or bucket policy change (by a person or a tool) makes objects public; the block is the guard rail that refuses such a change.",
    remediation:
      "Add `PublicAccessBlockConfiguration` with all four settings true. Buckets that must serve public content should sit behind CloudFront with an origin access control instead.",
    example:
      "Bucket:\n  Type: AWS::S3::Bucket\n  Properties:\n    PublicAccessBlockConfiguration:\n      BlockPublicAcls: true\n      BlockPublicPolicy: true\n      IgnorePublicAcls: true\n      RestrictPublicBuckets: true",
    references: [
      "https://docs.aws.amazon.com/AmazonS3/latest/userguide/access-control-block-public-access.html",
    ],
  },
  check(ctx) {
    for (const resource of resourcesOfType(ctx.model, "AWS::S3::Bucket")) {
      const block = lookup(resource.properties, "PublicAccessBlockConfiguration");
      if (block.state === "unknown") continue;
      if (block.state === "absent") {
        ctx.report({
          message: `${resource.logicalId}: no PublicAccessBlockConfiguration`,
          at: resourceSpan(resource),
        });
        continue;
      }
      for (const setting of SETTINGS) {
        expectBoolean(ctx, resource, {
          path: ["PublicAccessBlockConfiguration", setting],
          want: true,
          absentIsUnsafe: true,
          missing: `PublicAccessBlockConfiguration does not set ${setting} (defaults to false)`,
          wrong: `${setting} is false`,
          fix: true,
        });
      }
    }
  },
});
