import { defineFileRule } from "../../../rule.ts";
import { podSpecFlagSet } from "../checks.ts";
import type { K8sModel } from "../model.ts";

export const hostPid = defineFileRule<K8sModel>({
  id: "kubernetes/host-pid",
  analyzer: "kubernetes",
  title: "Pod shares the host process namespace",
  severity: "high",
  confidence: "high",
  lifecycle: "stable",
  cwe: [653],
  controls: ["K8S-POD-03"],
  docs: {
    summary: "A pod spec sets `hostPID: true`, joining the node's process namespace.",
    whyItMatters:
      "The pod sees every process of the node, can read their environment (secrets included) through /proc and, with ptrace, inject code into them.",
    remediation:
      "Remove `hostPID` (it defaults to false). Node agents that truly need it belong in a dedicated namespace, with a suppression that says why.",
    example: "spec:\n  hostPID: false",
    references: ["https://kubernetes.io/docs/concepts/security/pod-security-standards/#baseline"],
  },
  check: podSpecFlagSet("hostPID"),
});
