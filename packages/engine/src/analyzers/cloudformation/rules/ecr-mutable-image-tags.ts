import { defineFileRule } from "../../../rule.ts";
import { type CfnModel, keySpan, lookup, resourceSpan, resourcesOfType, stringValue } from "../model.ts";

export const ecrMutableImageTags = defineFileRule<CfnModel>({
  id: "cloudformation/ecr-mutable-image-tags",
  analyzer: "cloudformation",
  title: "ECR repository allows overwriting image tags",
  severity: "low",
  confidence: "medium",
  lifecycle: "stable",
  cwe: [494],
  controls: ["K8S-IMG-01"],
  docs: {
    summary:
      "An `AWS::ECR::Repository` does not set `ImageTagMutability: IMMUTABLE` (the default is `MUTABLE`).",
    whyItMatters:
      "Whoever can push can replace `v1.2.3` with different content; what runs is no longer what was reviewed and scanned.",
    remediation:
      "Set `ImageTagMutability: IMMUTABLE` (or `IMMUTABLE_WITH_EXCLUSION` for a `latest`-style moving tag).",
    example: "Repository:\n  Type: AWS::ECR::Repository\n  Properties:\n    ImageTagMutability: IMMUTABLE",
    references: ["https://docs.aws.amazon.com/AmazonECR/latest/userguide/image-tag-mutability.html"],
  },
  check(ctx) {
    for (const resource of resourcesOfType(ctx.model, "AWS::ECR::Repository")) {
      const mutability = lookup(resource.properties, "ImageTagMutability");
      if (mutability.state === "unknown") continue;
      if (mutability.state === "absent") {
        ctx.report({
          message: `${resource.logicalId}: image tags are mutable (default)`,
          at: resourceSpan(resource),
        });
        continue;
      }
      if (stringValue(ctx.model, mutability.entry.value) === "MUTABLE") {
        ctx.report({
          message: `${resource.logicalId}: image tags are mutable`,
          at: keySpan(mutability.entry),
        });
      }
    }
  },
});
