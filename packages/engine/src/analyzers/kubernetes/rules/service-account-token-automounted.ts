import { defineFileRule } from "../../../rule.ts";
import { booleanOf, childOf, entryOf, type K8sModel, keySpan, stringOf } from "../model.ts";

export const serviceAccountTokenAutomounted = defineFileRule<K8sModel>({
  id: "kubernetes/service-account-token-automounted",
  analyzer: "kubernetes",
  title: "Pod mounts a service account token it may not need",
  severity: "low",
  confidence: "medium",
  lifecycle: "stable",
  cwe: [522],
  controls: ["K8S-RBAC-02"],
  docs: {
    summary:
      "A pod spec does not set `automountServiceAccountToken: false`, and neither does its ServiceAccount where that is defined in the same file.",
    whyItMatters:
      "Every container gets an API token at `/var/run/secrets/kubernetes.io/serviceaccount`; code execution in the pod becomes API access with the account's permissions.",
    remediation:
      "Set `automountServiceAccountToken: false` on the pod (or its ServiceAccount) unless the workload talks to the Kubernetes API; mount a projected token only where needed.",
    example: "spec:\n  automountServiceAccountToken: false",
    references: [
      "https://kubernetes.io/docs/tasks/configure-pod-container/configure-service-account/#opt-out-of-api-credential-automounting",
    ],
  },
  check(ctx) {
    const optedOutAccounts = new Set<string>();
    for (const object of ctx.model.objects) {
      if (object.kind !== "ServiceAccount") continue;
      if (booleanOf(childOf(object.root, "automountServiceAccountToken")) === false)
        optedOutAccounts.add(object.name);
    }
    for (const workload of ctx.model.workloads) {
      const entry = entryOf(workload.podSpec, "automountServiceAccountToken");
      if (entry) {
        if (booleanOf(entry.value) === true) {
          ctx.report({
            message: `${workload.object.kind} ${workload.object.name} mounts its service account token`,
            at: keySpan(entry),
          });
        }
        continue;
      }
      const account =
        stringOf(childOf(workload.podSpec, "serviceAccountName")) ??
        stringOf(childOf(workload.podSpec, "serviceAccount")) ??
        "default";
      if (optedOutAccounts.has(account)) continue;
      ctx.report({
        message: `${workload.object.kind} ${workload.object.name} mounts the token of service account "${account}"`,
        at: workload.podSpecSpan,
      });
    }
  },
});
