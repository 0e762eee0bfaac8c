import { defineFileRule } from "../../../rule.ts";
import { childOf, entryOf, itemsOf, type K8sModel, keySpan, stringOf } from "../model.ts";
import { isBinding } from "../rbac.ts";

export const clusterAdminBinding = defineFileRule<K8sModel>({
  id: "kubernetes/cluster-admin-binding",
  analyzer: "kubernetes",
  title: "Subject bound to cluster-admin",
  severity: "high",
  confidence: "high",
  lifecycle: "stable",
  cwe: [269],
  controls: ["K8S-RBAC-02"],
  docs: {
    summary:
      "A ClusterRoleBinding or RoleBinding refers to the `cluster-admin` ClusterRole. (The built-in binding to the `system:masters` group is not reported.)",
    whyItMatters:
      "Whoever holds the subject's credentials, typically a service account token mounted in a pod, controls the whole cluster and every secret in it.",
    remediation:
      "Bind a role that lists what the subject needs; use a namespaced RoleBinding wherever possible.",
    example: "roleRef:\n  apiGroup: rbac.authorization.k8s.io\n  kind: ClusterRole\n  name: app-reader",
    references: ["https://kubernetes.io/docs/reference/access-authn-authz/rbac/#user-facing-roles"],
  },
  check(ctx) {
    for (const binding of ctx.model.objects) {
      if (!isBinding(binding)) continue;
      const roleRef = childOf(binding.root, "roleRef");
      const nameEntry = entryOf(roleRef, "name");
      if (!nameEntry || stringOf(nameEntry.value) !== "cluster-admin") continue;
      const subjects = itemsOf(childOf(binding.root, "subjects"));
      const names = subjects.map((subject) => stringOf(childOf(subject, "name")));
      if (names.length > 0 && names.every((name) => name === "system:masters")) continue;
      ctx.report({
        message: `${binding.kind} ${binding.name} grants cluster-admin to ${names.filter(Boolean).join(", ") || "its subjects"}`,
        at: keySpan(nameEntry),
      });
    }
  },
});
