import { defineFileRule } from "../../../rule.ts";
import { childOf, entryOf, itemsOf, type K8sModel, keySpan, stringOf } from "../model.ts";
import { isSensitiveHostPath } from "./sensitive-host-path.ts";

export const hostPathVolume = defineFileRule<K8sModel>({
  id: "kubernetes/host-path-volume",
  analyzer: "kubernetes",
  title: "Pod mounts a hostPath volume",
  severity: "med",
  confidence: "high",
  lifecycle: "stable",
  cwe: [668],
  controls: ["K8S-POD-05"],
  docs: {
    summary:
      "A pod declares a `hostPath` volume. Paths that expose the node outright (the runtime socket, `/`, `/etc`, `/proc`, …) are reported by `kubernetes/sensitive-host-path` instead.",
    whyItMatters:
      "The pod reads (and unless `readOnly`, writes) the node's filesystem; it ties the pod to one node and is a common step in container escapes.",
    remediation:
      "Use an `emptyDir`, a ConfigMap, or a PersistentVolumeClaim. If a node agent needs a host directory, mount it read-only.",
    example: "volumes:\n  - name: cache\n    emptyDir: {}",
    references: ["https://kubernetes.io/docs/concepts/storage/volumes/#hostpath"],
  },
  check(ctx) {
    for (const workload of ctx.model.workloads) {
      for (const volume of itemsOf(childOf(workload.podSpec, "volumes"))) {
        const hostPath = entryOf(volume, "hostPath");
        if (!hostPath) continue;
        const path = stringOf(childOf(hostPath.value, "path"));
        if (path === undefined || isSensitiveHostPath(path)) continue;
        ctx.report({
          message: `${workload.object.kind} ${workload.object.name} mounts host path ${path}`,
          at: keySpan(hostPath),
        });
      }
    }
  },
});
