import type { FileRule } from "../../../rule.ts";
import { addressOf, at, children, headerOf, resources, setting } from "../checks.ts";
import type { TerraformModel } from "../model.ts";

const ON = new Set(["enabled", "enhanced"]);

export const ecsClusterWithoutContainerInsights: FileRule<TerraformModel> = {
  id: "terraform/ecs-cluster-without-container-insights",
  analyzer: "terraform",
  title: "ECS cluster without Container Insights",
  severity: "low",
  confidence: "medium",
  lifecycle: "stable",
  cwe: [778],
  controls: ["IAC-LOG-03"],
  docs: {
    summary:
      'An `aws_ecs_cluster` has no `setting { name = "containerInsights" }` with value `enabled` (or `enhanced`).',
    whyItMatters:
      "Without Container Insights the cluster's tasks leave no performance and lifecycle record to investigate an incident with.",
    remediation: 'Add `setting { name = "containerInsights", value = "enabled" }`.',
    example:
      'resource "aws_ecs_cluster" "main" {\n  setting {\n    name  = "containerInsights"\n    value = "enabled"\n  }\n}',
    references: ["https://docs.aws.amazon.com/AmazonCloudWatch/latest/monitoring/ContainerInsights.html"],
  },
  check(ctx) {
    for (const cluster of resources(ctx.model, "aws_ecs_cluster")) {
      const settings = children(cluster, "setting");
      if (settings.some((item) => item.dynamic)) continue;
      // Only the containerInsights setting matters; a name we cannot read might be it.
      let insights: (typeof settings)[number] | undefined;
      let unreadable = false;
      for (const item of settings) {
        const name = setting(ctx.model, item, "name");
        if (name.state !== "known") unreadable = true;
        else if (name.value === "containerInsights") insights = item;
      }
      if (!insights) {
        if (!unreadable) {
          ctx.report({
            message: `${addressOf(cluster)} does not enable Container Insights`,
            at: headerOf(cluster),
          });
        }
        continue;
      }
      const value = setting(ctx.model, insights, "value");
      if (value.state !== "known" || typeof value.value !== "string" || ON.has(value.value)) continue;
      ctx.report({
        message: `${addressOf(cluster)} turns Container Insights off`,
        at: at(value.attribute.span),
      });
    }
  },
};
