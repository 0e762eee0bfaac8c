import { defineFileRule } from "../../../rule.ts";
import { probeMissing } from "../checks.ts";
import type { K8sModel } from "../model.ts";

export const missingReadinessProbe = defineFileRule<K8sModel>({
  id: "kubernetes/missing-readiness-probe",
  analyzer: "kubernetes",
  title: "Container without a readiness probe",
  severity: "low",
  confidence: "medium",
  lifecycle: "stable",
  controls: [],
  docs: {
    summary:
      "A long-running container (in a Deployment, StatefulSet, DaemonSet, ReplicaSet or Pod) declares no `readinessProbe`. Init and ephemeral containers, Jobs and CronJobs are not reported.",
    whyItMatters:
      "The readiness probe keeps traffic away from a container that is starting or overloaded; without it requests reach pods that cannot serve them, and a rollout of a broken version looks healthy.",
    remediation: "Add a `readinessProbe` (HTTP, TCP or exec) that reflects whether the process can serve.",
    example: "readinessProbe:\n  httpGet:\n    path: /healthz\n    port: 8080\n  periodSeconds: 10",
    references: [
      "https://kubernetes.io/docs/tasks/configure-pod-container/configure-liveness-readiness-startup-probes/",
    ],
  },
  check: probeMissing("readinessProbe"),
});
