import { defineFileRule } from "../../../rule.ts";
import { entryOf, itemsOf, type K8sModel, keySpan, spanOf, stringOf } from "../model.ts";

export const capabilitiesNotDropped = defineFileRule<K8sModel>({
  id: "kubernetes/capabilities-not-dropped",
  analyzer: "kubernetes",
  title: "Container does not drop all capabilities",
  severity: "low",
  confidence: "high",
  lifecycle: "stable",
  cwe: [250],
  controls: ["K8S-POD-04"],
  docs: {
    summary: "A container's `securityContext.capabilities.drop` does not include `ALL`.",
    whyItMatters:
      "Container runtimes grant a default set (CHOWN, SETUID, NET_RAW, …) that most applications never use; NET_RAW alone allows ARP and DNS spoofing inside the node's network.",
    remediation: "Add `capabilities: { drop: [ALL] }` and add back only what the process needs.",
    example: "securityContext:\n  capabilities:\n    drop: [ALL]",
    references: ["https://kubernetes.io/docs/concepts/security/pod-security-standards/#restricted"],
  },
  check(ctx) {
    for (const workload of ctx.model.workloads) {
      if (workload.isWindows) continue; // Linux-only setting
      for (const container of workload.containers) {
        if (container.kind === "ephemeralContainers") continue;
        const capabilities = entryOf(container.securityContext, "capabilities");
        const drop = entryOf(capabilities?.value, "drop");
        const items = itemsOf(drop?.value).map(stringOf);
        if (items.some((name) => name === undefined || name.toUpperCase() === "ALL")) continue;
        ctx.report({
          message: `${workload.object.kind} ${workload.object.name}: container "${container.name}" does not drop ALL capabilities`,
          at: drop ? keySpan(drop) : capabilities ? keySpan(capabilities) : spanOf(container),
        });
      }
    }
  },
});
