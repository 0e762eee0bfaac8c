import type { FileRule } from "../../../rule.ts";
import { addressOf, at, children, headerOf, resources, setting } from "../checks.ts";
import type { TerraformModel } from "../model.ts";

export const ecsTaskEfsWithoutTransitEncryption: FileRule<TerraformModel> = {
  id: "terraform/ecs-task-efs-without-transit-encryption",
  analyzer: "terraform",
  title: "ECS task mounts EFS without encryption in transit",
  severity: "med",
  confidence: "high",
  lifecycle: "stable",
  cwe: [319],
  controls: ["IAC-ENC-05"],
  docs: {
    summary:
      'An `aws_ecs_task_definition` volume has `efs_volume_configuration` without `transit_encryption = "ENABLED"` (the default is disabled).',
    whyItMatters:
      "File reads and writes between the task and the file system cross the network in clear text.",
    remediation: 'Set `transit_encryption = "ENABLED"` in every `efs_volume_configuration`.',
    example:
      'resource "aws_ecs_task_definition" "app" {\n  volume {\n    name = "shared"\n    efs_volume_configuration {\n      file_system_id     = aws_efs_file_system.shared.id\n      transit_encryption = "ENABLED"\n    }\n  }\n}',
  },
  check(ctx) {
    for (const task of resources(ctx.model, "aws_ecs_task_definition")) {
      for (const volume of children(task, "volume")) {
        for (const efs of children(volume, "efs_volume_configuration")) {
          if (volume.dynamic || efs.dynamic) continue;
          const transit = setting(ctx.model, efs, "transit_encryption");
          if (transit.state === "unknown") continue;
          if (transit.state === "missing" || transit.value === null) {
            ctx.report({
              message: `${addressOf(task)} mounts EFS without encryption in transit (transit_encryption is not set)`,
              at: headerOf(efs),
            });
          } else if (transit.value === "DISABLED") {
            ctx.report({
              message: `${addressOf(task)} mounts EFS without encryption in transit`,
              at: at(transit.attribute.span),
            });
          }
        }
      }
    }
  },
};
