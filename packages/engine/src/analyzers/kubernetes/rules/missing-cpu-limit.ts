import { defineFileRule } from "../../../rule.ts";
import { entryOf, type K8sModel, keySpan, spanOf } from "../model.ts";

export const missingCpuLimit = defineFileRule<K8sModel>({
  id: "kubernetes/missing-cpu-limit",
  analyzer: "kubernetes",
  title: "Container without a CPU limit",
  severity: "low",
  confidence: "medium",
  lifecycle: "preview",
  cwe: [770],
  controls: ["K8S-RES-01"],
  docs: {
    summary: "A container (or init container) sets no `resources.limits.cpu`.",
    whyItMatters:
      "A busy or compromised container (a cryptominer) can take every idle CPU of the node. Many teams deliberately leave CPU unlimited to avoid throttling and rely on requests instead; hence low severity.",
    remediation:
      "Set `resources.limits.cpu`, or set a CPU request and suppress this finding with the reason that CPU is deliberately unlimited.",
    example: "resources:\n  requests:\n    cpu: 250m\n  limits:\n    cpu: '1'",
    references: ["https://kubernetes.io/docs/concepts/configuration/manage-resources-containers/"],
  },
  check(ctx) {
    for (const workload of ctx.model.workloads) {
      for (const container of workload.containers) {
        if (container.kind === "ephemeralContainers") continue;
        const resources = entryOf(container.node, "resources");
        const limits = entryOf(resources?.value, "limits");
        if (entryOf(limits?.value, "cpu")) continue;
        ctx.report({
          message: `${workload.object.kind} ${workload.object.name}: container "${container.name}" has no CPU limit`,
          at: limits ? keySpan(limits) : resources ? keySpan(resources) : spanOf(container),
        });
      }
    }
  },
});
