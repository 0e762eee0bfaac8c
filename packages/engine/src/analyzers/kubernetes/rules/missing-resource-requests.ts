import { defineFileRule } from "../../../rule.ts";
import { entryOf, type K8sModel, keySpan, spanOf } from "../model.ts";

export const missingResourceRequests = defineFileRule<K8sModel>({
  id: "kubernetes/missing-resource-requests",
  analyzer: "kubernetes",
  title: "Container without CPU or memory requests",
  severity: "low",
  confidence: "high",
  lifecycle: "stable",
  cwe: [770],
  controls: ["K8S-RES-01"],
  docs: {
    summary:
      "A container declares neither a request nor a limit for CPU or memory. (When only a limit is set, Kubernetes uses it as the request, so that is not reported.)",
    whyItMatters:
      "The scheduler packs pods without knowing what they need; under pressure the pod is the first evicted (BestEffort) and noisy neighbours starve it.",
    remediation: "Set `resources.requests.cpu` and `resources.requests.memory` from observed usage.",
    example: "resources:\n  requests:\n    cpu: 100m\n    memory: 128Mi",
    references: ["https://kubernetes.io/docs/concepts/workloads/pods/pod-qos/"],
  },
  check(ctx) {
    for (const workload of ctx.model.workloads) {
      for (const container of workload.containers) {
        if (container.kind === "ephemeralContainers") continue;
        const resources = entryOf(container.node, "resources");
        const requests = entryOf(resources?.value, "requests");
        const limits = entryOf(resources?.value, "limits");
        const missing = ["cpu", "memory"].filter(
          (resource) => !entryOf(requests?.value, resource) && !entryOf(limits?.value, resource),
        );
        if (missing.length === 0) continue;
        ctx.report({
          message: `${workload.object.kind} ${workload.object.name}: container "${container.name}" requests no ${missing.join(" or ")}`,
          at: requests ? keySpan(requests) : resources ? keySpan(resources) : spanOf(container),
        });
      }
    }
  },
});
