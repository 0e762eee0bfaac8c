import type { FileRule } from "../../../rule.ts";
import { addressOf, at, children, replaceValueFix, resources, setting } from "../checks.ts";
import { asBoolean } from "../evaluate.ts";
import type { Block, TerraformModel } from "../model.ts";

export const unencryptedInstanceBlockDevice: FileRule<TerraformModel> = {
  id: "terraform/unencrypted-instance-block-device",
  analyzer: "terraform",
  title: "Instance or launch template block device explicitly unencrypted",
  severity: "high",
  confidence: "high",
  lifecycle: "stable",
  cwe: [311],
  controls: ["IAC-ENC-03"],
  fixable: true,
  docs: {
    summary:
      "A `root_block_device`/`ebs_block_device` of an `aws_instance` or `aws_launch_configuration`, or a " +
      "`block_device_mappings { ebs { … } }` of an `aws_launch_template`, sets `encrypted = false`.",
    whyItMatters:
      "The volume and its snapshots are stored unencrypted, even where account default encryption is on.",
    remediation:
      "Set `encrypted = true`. Devices that leave `encrypted` unset follow the account's EBS default " +
      "encryption setting and are not flagged.",
    example: 'resource "aws_instance" "app" {\n  root_block_device {\n    encrypted = true\n  }\n}',
    references: ["https://docs.aws.amazon.com/ebs/latest/userguide/ebs-encryption.html"],
  },
  check(ctx) {
    const devices: [Block, Block][] = [];
    for (const instance of resources(ctx.model, "aws_instance", "aws_launch_configuration")) {
      for (const type of ["root_block_device", "ebs_block_device"]) {
        for (const device of children(instance, type)) devices.push([instance, device]);
      }
    }
    for (const template of resources(ctx.model, "aws_launch_template")) {
      for (const mapping of children(template, "block_device_mappings")) {
        for (const ebs of children(mapping, "ebs")) devices.push([template, ebs]);
      }
    }
    for (const [owner, device] of devices) {
      if (device.dynamic) continue;
      const encrypted = setting(ctx.model, device, "encrypted");
      if (encrypted.state !== "known" || asBoolean(encrypted.value) !== false) continue;
      ctx.report({
        message: `${addressOf(owner)} has an unencrypted ${device.type}`,
        at: at(encrypted.attribute.span),
        ...(encrypted.attribute.value.kind === "literal"
          ? { fix: replaceValueFix(ctx.file, encrypted.attribute, "true") }
          : {}),
      });
    }
  },
};
