import { defineFileRule } from "../../../rule.ts";
import { probeMissing } from "../checks.ts";
import type { K8sModel } from "../model.ts";

export const missingLivenessProbe = defineFileRule<K8sModel>({
  id: "kubernetes/missing-liveness-probe",
  analyzer: "kubernetes",
  title: "Container without a liveness probe",
  severity: "low",
  confidence: "medium",
  lifecycle: "stable",
  controls: [],
  docs: {
    summary:
      "A long-running container (in a Deployment, StatefulSet, DaemonSet, ReplicaSet or Pod) declares no `livenessProbe`. Init and ephemeral containers, Jobs and CronJobs are not reported.",
    whyItMatters:
      "The liveness probe restarts a container that hangs without crashing; without it a deadlocked process stays in service until someone notices.",
    remediation: "Add a `livenessProbe` (HTTP, TCP or exec) that reflects whether the process can serve.",
    example: "livenessProbe:\n  httpGet:\n    path: /healthz\n    port: 8080\n  periodSeconds: 10",
    references: [
      "https://kubernetes.io/docs/tasks/configure-pod-container/configure-liveness-readiness-startup-probes/",
    ],
  },
  check: probeMissing("livenessProbe"),
});
