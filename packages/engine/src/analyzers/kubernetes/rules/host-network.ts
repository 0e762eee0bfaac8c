import { defineFileRule } from "../../../rule.ts";
import { podSpecFlagSet } from "../checks.ts";
import type { K8sModel } from "../model.ts";

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
  check: podSpecFlagSet("hostNetwork"),
});
