import { defineFileRule } from "../../../rule.ts";
import { expectBoolean } from "../checks.ts";
import { type CfnModel, lookup, resourcesOfType } from "../model.ts";

export const unencryptedEbsVolume = defineFileRule<CfnModel>({
  id: "cloudformation/unencrypted-ebs-volume",
  analyzer: "cloudformation",
  title: "EBS volume without encryption",
  severity: "high",
  confidence: "medium",
  lifecycle: "stable",
  cwe: [311],
  controls: ["IAC-ENC-03"],
  fixable: true,
  docs: {
    summary: "An `AWS::EC2::Volume` leaves `Encrypted` unset or false.",
    whyItMatters:
      "The volume and its snapshots hold data in clear; a shared or leaked snapshot exposes everything on it. (Accounts with EBS encryption by default turned on still encrypt it; the template does not show that.)",
    remediation:
      "Set `Encrypted: true` (and `KmsKeyId` for a customer-managed key). Volumes created from a snapshot inherit its encryption and are not reported when `Encrypted` is absent.",
    example: "Volume:\n  Type: AWS::EC2::Volume\n  Properties:\n    Encrypted: true",
    references: ["https://docs.aws.amazon.com/ebs/latest/userguide/ebs-encryption.html"],
  },
  check(ctx) {
    for (const resource of resourcesOfType(ctx.model, "AWS::EC2::Volume")) {
      const fromSnapshot = lookup(resource.properties, "SnapshotId").state !== "absent";
      expectBoolean(ctx, resource, {
        path: ["Encrypted"],
        want: true,
        absentIsUnsafe: !fromSnapshot,
        missing: "Encrypted is not set",
        wrong: "Encrypted is false",
        fix: true,
      });
    }
  },
});
