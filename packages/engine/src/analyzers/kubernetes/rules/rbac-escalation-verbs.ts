import { defineFileRule } from "../../../rule.ts";
import { type K8sModel, keySpan } from "../model.ts";
import { policyRules } from "../rbac.ts";

const ESCALATING = ["escalate", "bind", "impersonate"];

export const rbacEscalationVerbs = defineFileRule<K8sModel>({
  id: "kubernetes/rbac-escalation-verbs",
  analyzer: "kubernetes",
  title: "RBAC role grants escalate, bind or impersonate",
  severity: "high",
  confidence: "high",
  lifecycle: "stable",
  cwe: [269],
  controls: ["K8S-RBAC-01"],
  docs: {
    summary: "A Role or ClusterRole rule lists the `escalate`, `bind` or `impersonate` verb.",
    whyItMatters:
      "`escalate` lets a subject edit roles beyond its own permissions, `bind` lets it bind any role to itself, `impersonate` lets it act as any user or group: each is a path to cluster-admin.",
    remediation:
      "Remove these verbs; grant them only to cluster operators, scoped with `resourceNames` where possible.",
    example:
      "rules:\n  - apiGroups: ['rbac.authorization.k8s.io']\n    resources: ['rolebindings']\n    verbs: ['get', 'list']",
    references: ["https://kubernetes.io/docs/concepts/security/rbac-good-practices/#escalate-verb"],
  },
  check(ctx) {
    for (const rule of policyRules(ctx.model)) {
      const found = rule.verbs.filter((verb) => ESCALATING.includes(verb));
      if (!rule.verbsEntry || found.length === 0) continue;
      ctx.report({
        message: `${rule.role.kind} ${rule.role.name} grants ${found.join(", ")}`,
        at: keySpan(rule.verbsEntry),
      });
    }
  },
});
