import { defineFileRule } from "../../../rule.ts";
import { booleanOf, childOf, entryOf, itemsOf, type K8sModel, keySpan, numberOf } from "../model.ts";

export const hostPort = defineFileRule<K8sModel>({
  id: "kubernetes/host-port",
  analyzer: "kubernetes",
  title: "Container binds a host port",
  severity: "med",
  confidence: "high",
  lifecycle: "stable",
  cwe: [668],
  controls: ["K8S-POD-03"],
  docs: {
    summary: "A container port sets `hostPort`, opening that port on the node's own address.",
    whyItMatters:
      "The port is reachable wherever the node is, bypassing Services and most NetworkPolicy implementations, and it limits scheduling to one pod per node.",
    remediation:
      "Expose the pod through a Service (ClusterIP, or LoadBalancer with source ranges). Pods with `hostNetwork: true` are reported by `kubernetes/host-network` and not again here.",
    example: "ports:\n  - containerPort: 8080",
    references: ["https://kubernetes.io/docs/concepts/configuration/overview/#services"],
  },
  check(ctx) {
    for (const workload of ctx.model.workloads) {
      if (booleanOf(childOf(workload.podSpec, "hostNetwork")) === true) continue;
      for (const container of workload.containers) {
        for (const port of itemsOf(childOf(container.node, "ports"))) {
          const entry = entryOf(port, "hostPort");
          const value = numberOf(entry?.value);
          if (!entry || value === undefined || value === 0) continue;
          ctx.report({
            message: `${workload.object.kind} ${workload.object.name}: container "${container.name}" binds host port ${value}`,
            at: keySpan(entry),
          });
        }
      }
    }
  },
});
