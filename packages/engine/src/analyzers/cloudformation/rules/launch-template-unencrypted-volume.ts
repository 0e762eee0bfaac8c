import { childOf } from "../../../parse/yaml-tree.ts";
import { defineFileRule } from "../../../rule.ts";
import { booleanOf, type CfnModel, itemsOf, keySpan, lookup, resourcesOfType, UNKNOWN } from "../model.ts";

export const launchTemplateUnencryptedVolume = defineFileRule<CfnModel>({
  id: "cloudformation/launch-template-unencrypted-volume",
  analyzer: "cloudformation",
  title: "Launch template or instance block device explicitly unencrypted",
  severity: "high",
  confidence: "high",
  lifecycle: "stable",
  cwe: [311],
  controls: ["IAC-ENC-03"],
  docs: {
    summary:
      "A block device mapping of an `AWS::EC2::LaunchTemplate` or `AWS::EC2::Instance` sets `Ebs.Encrypted: false`. Mappings that leave it out follow the account's EBS default and the AMI, so they are not reported.",
    whyItMatters:
      "Every instance launched from it writes its data volumes in clear, and snapshots of them can be shared unencrypted.",
    remediation:
      "Set `Encrypted: true` on each `Ebs` mapping (and turn on EBS encryption by default for the account).",
    example:
      "BlockDeviceMappings:\n  - DeviceName: /dev/xvda\n    Ebs:\n      VolumeSize: 50\n      Encrypted: true",
    references: ["https://docs.aws.amazon.com/ebs/latest/userguide/encryption-by-default.html"],
  },
  check(ctx) {
    for (const resource of resourcesOfType(ctx.model, "AWS::EC2::LaunchTemplate", "AWS::EC2::Instance")) {
      const holder =
        resource.type === "AWS::EC2::Instance"
          ? resource.properties
          : childOf(resource.properties, "LaunchTemplateData");
      const mappings = itemsOf(childOf(holder, "BlockDeviceMappings"));
      if (mappings === UNKNOWN) continue;
      for (const mapping of mappings) {
        const encrypted = lookup(mapping, "Ebs", "Encrypted");
        if (encrypted.state !== "present" || booleanOf(ctx.model, encrypted.entry.value) !== false) continue;
        ctx.report({
          message: `${resource.logicalId}: a block device is explicitly unencrypted`,
          at: keySpan(encrypted.entry),
        });
      }
    }
  },
});
