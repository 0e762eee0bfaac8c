import { defineFileRule } from "../../../rule.ts";
import { booleanOf, entryOf, type K8sModel, keySpan } from "../model.ts";

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
  check(ctx) {
    for (const workload of ctx.model.workloads) {
      const entry = entryOf(workload.podSpec, "hostIPC");
      if (!entry || booleanOf(entry.value) !== true) continue;
      ctx.report({
        message: `${workload.object.kind} ${workload.object.name} sets hostIPC: true`,
        at: keySpan(entry),
      });
    }
  },
});
