import { defineFileRule } from "../../../rule.ts";
import { entryOf, type K8sModel, keySpan, spanOf } from "../model.ts";

export const missingMemoryLimit = defineFileRule<K8sModel>({
  id: "kubernetes/missing-memory-limit",
  analyzer: "kubernetes",
  title: "Container without a memory limit",
  severity: "med",
  confidence: "high",
  lifecycle: "stable",
  cwe: [770],
  controls: ["K8S-RES-01"],
  docs: {
    summary: "A container (or init container) sets no `resources.limits.memory`.",
    whyItMatters:
      "A leak or a hostile input grows the container until the node runs out of memory and the kernel kills other workloads; a limit confines the damage to the container.",
    remediation:
      "Set `resources.limits.memory` (usually equal to the memory request). A namespace `LimitRange` that sets defaults is not visible here; suppress with that reason.",
    example: "resources:\n  requests:\n    memory: 256Mi\n  limits:\n    memory: 256Mi",
    references: ["https://kubernetes.io/docs/concepts/configuration/manage-resources-containers/"],
  },
  check(ctx) {
    for (const workload of ctx.model.workloads) {
      for (const container of workload.containers) {
        if (container.kind === "ephemeralContainers") continue; // cannot declare resources
        const resources = entryOf(container.node, "resources");
        const limits = entryOf(resources?.value, "limits");
        if (entryOf(limits?.value, "memory")) continue;
        ctx.report({
          message: `${workload.object.kind} ${workload.object.name}: container "${container.name}" has no memory limit`,
          at: limits ? keySpan(limits) : resources ? keySpan(resources) : spanOf(container),
        });
      }
    }
  },
});
