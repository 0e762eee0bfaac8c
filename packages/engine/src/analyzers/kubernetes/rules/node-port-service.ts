import { defineFileRule } from "../../../rule.ts";
import { childOf, entryOf, type K8sModel, keySpan, stringOf } from "../model.ts";

export const nodePortService = defineFileRule<K8sModel>({
  id: "kubernetes/node-port-service",
  analyzer: "kubernetes",
  title: "Service exposed on every node's port",
  severity: "low",
  confidence: "medium",
  lifecycle: "stable",
  cwe: [284],
  controls: ["IAC-NET-02"],
  docs: {
    summary: "A `Service` has `type: NodePort`.",
    whyItMatters:
      "The service listens on a port of every node, bypassing the load balancer and its access rules; wherever nodes have public addresses, so does the service.",
    remediation: "Use `ClusterIP` behind an Ingress, or a `LoadBalancer` with source ranges.",
    example: "spec:\n  type: ClusterIP",
    references: ["https://kubernetes.io/docs/concepts/services-networking/service/#type-nodeport"],
  },
  check(ctx) {
    for (const object of ctx.model.objects) {
      if (object.kind !== "Service") continue;
      const type = entryOf(childOf(object.root, "spec"), "type");
      if (!type || stringOf(type.value) !== "NodePort") continue;
      ctx.report({
        message: `Service ${object.name} is exposed on every node (NodePort)`,
        at: keySpan(type),
      });
    }
  },
});
