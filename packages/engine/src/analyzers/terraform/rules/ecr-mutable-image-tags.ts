import { judge, settingRule } from "../checks.ts";

export const ecrMutableImageTags = settingRule(
  {
    id: "terraform/ecr-mutable-image-tags",
    analyzer: "terraform",
    title: "ECR repository allows overwriting image tags",
    severity: "low",
    confidence: "medium",
    lifecycle: "stable",
    controls: ["K8S-IMG-01"],
    docs: {
      summary:
        "An `aws_ecr_repository` leaves `image_tag_mutability` unset or `MUTABLE`, so a pushed tag can later point at another image.",
      whyItMatters:
        "Whoever can push can silently replace `app:1.4.2` with a different image; deployments that pin tags then run code nobody reviewed.",
      remediation:
        'Set `image_tag_mutability = "IMMUTABLE"` (or `IMMUTABLE_WITH_EXCLUSION` for explicitly listed tags such as `latest`).',
      example: 'resource "aws_ecr_repository" "app" {\n  image_tag_mutability = "IMMUTABLE"\n}',
      references: ["https://docs.aws.amazon.com/AmazonECR/latest/userguide/image-tag-mutability.html"],
    },
  },
  {
    types: ["aws_ecr_repository"],
    attribute: "image_tag_mutability",
    judge: judge.oneOf("IMMUTABLE", "IMMUTABLE_WITH_EXCLUSION"),
    whenMissing: "unsafe",
    problem: "allows image tags to be overwritten",
    fixValue: '"IMMUTABLE"',
  },
);
