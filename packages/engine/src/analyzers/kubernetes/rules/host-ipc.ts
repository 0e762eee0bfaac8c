import { defineFileRule } from "../../../rule.ts";
import { podSpecFlagSet } from "../checks.ts";
import type { K8sModel } from "../model.ts";

export const hostIpc = defineFileRule<K8sModel>({
  id: "kubernetes/host-ipc",
  analyzer: "kubernetes",
  title: "Pod shares the host IPC namespace",
  severity: "high",
  confidence: "high",
  lifecycle: "stable",
  cwe: [653],
  controls: ["K8S-POD-03"],
  docs: {
    summary: "A pod spec sets `hostIPC: true`, joining the node's IPC namespace.",
    whyItMatters:
      "The pod can read and write the shared memory segments and message queues of every process on the node.",
    remediation:
      "Remove `hostIPC` (it defaults to false). Node agents that truly need it belong in a dedicated namespace, with a suppression that says why.",
    example: "spec:\n  hostIPC: false",
    references: ["https://kubernetes.io/docs/concepts/security/pod-security-standards/#baseline"],
  },
  check: podSpecFlagSet("hostIPC"),
});
