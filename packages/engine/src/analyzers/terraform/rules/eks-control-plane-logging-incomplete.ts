import type { FileRule } from "../../../rule.ts";
import { addressOf, at, headerOf, resources, setting } from "../checks.ts";
import { asStringList } from "../evaluate.ts";
import type { TerraformModel } from "../model.ts";

const REQUIRED = ["api", "audit", "authenticator"];

export const eksControlPlaneLoggingIncomplete: FileRule<TerraformModel> = {
  id: "terraform/eks-control-plane-logging-incomplete",
  analyzer: "terraform",
  title: "EKS control plane does not log API, audit and authenticator events",
  severity: "med",
  confidence: "high",
  lifecycle: "stable",
  cwe: [778],
  controls: ["IAC-LOG-03"],
  docs: {
    summary:
      "An `aws_eks_cluster`'s `enabled_cluster_log_types` is unset or misses `api`, `audit` or `authenticator`.",
    whyItMatters:
      "Without the audit and authenticator logs nobody can tell who did what in the cluster, or which IAM " +
      "identity was behind it.",
    remediation:
      'Set `enabled_cluster_log_types = ["api", "audit", "authenticator", "controllerManager", "scheduler"]`.',
    example:
      'resource "aws_eks_cluster" "main" {\n  enabled_cluster_log_types = ["api", "audit", "authenticator"]\n}',
    references: ["https://docs.aws.amazon.com/eks/latest/userguide/control-plane-logs.html"],
  },
  check(ctx) {
    for (const cluster of resources(ctx.model, "aws_eks_cluster")) {
      const types = setting(ctx.model, cluster, "enabled_cluster_log_types");
      if (types.state === "unknown") continue;
      if (types.state === "missing") {
        ctx.report({ message: `${addressOf(cluster)} keeps no control plane logs`, at: headerOf(cluster) });
        continue;
      }
      const list = asStringList(types.value);
      if (!list) continue;
      const missing = REQUIRED.filter((type) => !list.includes(type));
      if (missing.length === 0) continue;
      ctx.report({
        message: `${addressOf(cluster)} does not log ${missing.join(", ")}`,
        at: at(types.attribute.span),
      });
    }
  },
};
