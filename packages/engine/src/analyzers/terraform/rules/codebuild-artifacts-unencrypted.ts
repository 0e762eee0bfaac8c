import { judge, settingRule } from "../checks.ts";

export const codebuildArtifactsUnencrypted = settingRule(
  {
    id: "terraform/codebuild-artifacts-unencrypted",
    analyzer: "terraform",
    title: "CodeBuild artifacts not encrypted",
    severity: "med",
    confidence: "high",
    lifecycle: "stable",
    cwe: [311],
    controls: ["IAC-ENC-01"],
    docs: {
      summary: "An `aws_codebuild_project` sets `artifacts { encryption_disabled = true }`.",
      whyItMatters:
        "Build output is what gets deployed; stored unencrypted, anyone who can read the bucket can read or tamper with it offline.",
      remediation: "Remove `encryption_disabled = true`.",
      example:
        'resource "aws_codebuild_project" "build" {\n  artifacts {\n    type = "S3"\n    encryption_disabled = false\n  }\n}',
    },
  },
  {
    types: ["aws_codebuild_project"],
    path: ["artifacts"],
    attribute: "encryption_disabled",
    judge: judge.boolean(false),
    whenMissing: "safe",
    problem: "stores build artifacts unencrypted",
    fixValue: "false",
  },
);
