import { defineFileRule } from "../../../rule.ts";
import { booleanOf, entryOf, type K8sModel, keySpan } from "../model.ts";

export const hostNetwork = defineFileRule<K8sModel>({
  id: "kubernetes/host-network",
  analyzer: "kubernetes",
  title: "Pod uses the host network",
  severity: "high",
  confidence: "high",
  lifecycle: "stable",
  cwe: [653],
  controls: ["K8S-POD-03"],
  docs: {
    summary: "A pod spec sets `hostNetwork: true`, joining the node's network stack.",
    whyItMatters:
      "The pod sees and can sniff or spoof all traffic of the node, reaches services bound to localhost on the node (the kubelet's read-only port, cloud metadata), and bypasses NetworkPolicies.",
    remediation:
      "Remove `hostNetwork` (it defaults to false). Node agents that truly need it belong in a dedicated namespace, with a suppression that says why.",
    example: "spec:\n  hostNetwork: false",
    references: ["https://kubernetes.io/docs/concepts/security/pod-security-standards/#baseline"],
  },
  check(ctx) {
    for (const workload of ctx.model.workloads) {
      const entry = entryOf(workload.podSpec, "hostNetwork");
      if (!entry || booleanOf(entry.value) !== true) continue;
      ctx.report({
        message: `${workload.object.kind} ${workload.object.name} sets hostNetwork: true`,
        at: keySpan(entry),
      });
    }
  },
});
