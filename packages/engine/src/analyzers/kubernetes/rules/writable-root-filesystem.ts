import { defineFileRule } from "../../../rule.ts";
import { booleanOf, entryOf, type K8sModel, keySpan, spanOf } from "../model.ts";

export const writableRootFilesystem = defineFileRule<K8sModel>({
  id: "kubernetes/writable-root-filesystem",
  analyzer: "kubernetes",
  title: "Container root filesystem is writable",
  severity: "low",
  confidence: "high",
  lifecycle: "stable",
  cwe: [732],
  controls: ["K8S-POD-04"],
  docs: {
    summary: "A container does not set `securityContext.readOnlyRootFilesystem: true`.",
    whyItMatters:
      "An attacker can drop tools and binaries into the container or alter its code; a read-only root stops that.",
    remediation:
      "Set `readOnlyRootFilesystem: true` and mount an `emptyDir` where the application must write (`/tmp`, caches).",
    example: "securityContext:\n  readOnlyRootFilesystem: true",
    references: ["https://kubernetes.io/docs/tasks/configure-pod-container/security-context/"],
  },
  check(ctx) {
    for (const workload of ctx.model.workloads) {
      if (workload.isWindows) continue; // Linux-only setting
      for (const container of workload.containers) {
        if (container.kind === "ephemeralContainers") continue; // debug shells are interactive by design
        const entry = entryOf(container.securityContext, "readOnlyRootFilesystem");
        const who = `${workload.object.kind} ${workload.object.name}: container "${container.name}"`;
        if (!entry) {
          ctx.report({ message: `${who} has a writable root filesystem`, at: spanOf(container) });
        } else if (booleanOf(entry.value) === false) {
          ctx.report({ message: `${who} sets readOnlyRootFilesystem: false`, at: keySpan(entry) });
        }
      }
    }
  },
});
