import { judge, settingRule } from "../checks.ts";

export const ecrScanOnPushDisabled = settingRule(
  {
    id: "terraform/ecr-scan-on-push-disabled",
    analyzer: "terraform",
    title: "ECR repository does not scan images on push",
    severity: "low",
    confidence: "medium",
    lifecycle: "stable",
    controls: [],
    docs: {
      summary: "An `aws_ecr_repository` has no `image_scanning_configuration { scan_on_push = true }`.",
      whyItMatters: "Images with known vulnerabilities are pushed and deployed without anyone being told.",
      remediation:
        "Add `image_scanning_configuration { scan_on_push = true }`, or configure registry-wide enhanced scanning (`aws_ecr_registry_scanning_configuration`).",
      example:
        'resource "aws_ecr_repository" "app" {\n  image_scanning_configuration {\n    scan_on_push = true\n  }\n}',
      references: ["https://docs.aws.amazon.com/AmazonECR/latest/userguide/image-scanning.html"],
    },
  },
  {
    types: ["aws_ecr_repository"],
    path: ["image_scanning_configuration"],
    attribute: "scan_on_push",
    judge: judge.boolean(true),
    whenMissing: "unsafe",
    problem: "does not scan images on push",
    fixValue: "true",
  },
);
