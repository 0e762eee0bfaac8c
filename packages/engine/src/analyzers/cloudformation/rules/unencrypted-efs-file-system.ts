import { defineFileRule } from "../../../rule.ts";
import { expectBoolean } from "../checks.ts";
import { type CfnModel, resourcesOfType } from "../model.ts";

export const unencryptedEfsFileSystem = defineFileRule<CfnModel>({
  id: "cloudformation/unencrypted-efs-file-system",
  analyzer: "cloudformation",
  title: "EFS file system without encryption at rest",
  severity: "high",
  confidence: "high",
  lifecycle: "stable",
  cwe: [311],
  controls: ["IAC-ENC-01"],
  fixable: true,
  docs: {
    summary:
      "An `AWS::EFS::FileSystem` leaves `Encrypted` unset or false. Unlike the console, CloudFormation creates unencrypted file systems by default.",
    whyItMatters:
      "Shared files (uploads, exports, home directories) sit on AWS storage in clear, and encryption cannot be added later.",
    remediation:
      "Set `Encrypted: true` (and `KmsKeyId` for a customer-managed key); migrate existing data to a new file system.",
    example: "Files:\n  Type: AWS::EFS::FileSystem\n  Properties:\n    Encrypted: true",
    references: ["https://docs.aws.amazon.com/efs/latest/ug/encryption-at-rest.html"],
  },
  check(ctx) {
    for (const resource of resourcesOfType(ctx.model, "AWS::EFS::FileSystem")) {
      expectBoolean(ctx, resource, {
        path: ["Encrypted"],
        want: true,
        absentIsUnsafe: true,
        missing: "Encrypted is not set; the file system is unencrypted",
        wrong: "Encrypted is false",
        fix: true,
      });
    }
  },
});
