import { defineFileRule } from "../../../rule.ts";
import { podSpecFlagSet } from "../checks.ts";
import type { K8sModel } from "../model.ts";

export const sharedProcessNamespace = defineFileRule<K8sModel>({
  id: "kubernetes/shared-process-namespace",
  analyzer: "kubernetes",
  title: "Containers of a pod share one process namespace",
  severity: "low",
  confidence: "high",
  lifecycle: "stable",
  cwe: [668],
  controls: ["K8S-POD-03"],
  docs: {
    summary: "A pod spec sets `shareProcessNamespace: true`.",
    whyItMatters:
      "Every container sees the others' processes and can read their environment and files through /proc; a compromised sidecar reaches the main container's secrets.",
    remediation:
      "Leave it off unless a debugging or signalling sidecar truly needs it; use ephemeral containers for debugging.",
    example: "spec:\n  shareProcessNamespace: false",
    references: ["https://kubernetes.io/docs/tasks/configure-pod-container/share-process-namespace/"],
  },
  check: podSpecFlagSet("shareProcessNamespace", "shares its process namespace"),
});
