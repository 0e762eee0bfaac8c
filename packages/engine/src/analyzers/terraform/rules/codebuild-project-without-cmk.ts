import { judge, settingRule } from "../checks.ts";

export const codebuildProjectWithoutCmk = settingRule(
  {
    id: "terraform/codebuild-project-without-cmk",
    analyzer: "terraform",
    title: "CodeBuild project encrypted with the AWS-managed key",
    severity: "low",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [311],
    controls: ["IAC-ENC-01"],
    docs: {
      summary:
        "An `aws_codebuild_project` has no `encryption_key`, so its artifacts use the AWS-managed `aws/s3` key.",
      whyItMatters:
        "Build artifacts are what gets deployed; a customer-managed key adds a separately granted permission to decrypt, lets you revoke access by disabling the key, and records every use in CloudTrail.",
      remediation: "Set `encryption_key` to a customer-managed key.",
      example: 'resource "aws_codebuild_project" "build" {\n  encryption_key = aws_kms_key.build.arn\n}',
    },
  },
  {
    types: ["aws_codebuild_project"],
    attribute: "encryption_key",
    judge: judge.customerManagedKey,
    whenMissing: "unsafe",
    problem: "is not encrypted with a customer-managed KMS key",
  },
);
