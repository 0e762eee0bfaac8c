import { defineFileRule } from "../../../rule.ts";
import { type K8sModel, keySpan } from "../model.ts";
import { policyRules } from "../rbac.ts";

const EXEC = ["pods/exec", "pods/attach", "nodes/proxy"];
const CREATE = new Set(["create", "get", "*"]);

export const rbacPodExec = defineFileRule<K8sModel>({
  id: "kubernetes/rbac-pod-exec",
  analyzer: "kubernetes",
  title: "RBAC role can exec into pods or proxy to nodes",
  severity: "med",
  confidence: "high",
  lifecycle: "stable",
  cwe: [269],
  controls: ["K8S-RBAC-01"],
  docs: {
    summary:
      "A Role or ClusterRole grants `create` (or `get`, which the WebSocket upgrade uses) on `pods/exec`, `pods/attach` or `nodes/proxy`.",
    whyItMatters:
      "Exec runs commands in any pod the role reaches, with that pod's service account and mounted secrets; `nodes/proxy` talks straight to the kubelet API and bypasses admission and audit.",
    remediation:
      "Keep exec for break-glass operator roles; grant application and CI roles only the resources they manage.",
    example: "rules:\n  - apiGroups: ['']\n    resources: ['pods', 'pods/log']\n    verbs: ['get', 'list']",
    references: ["https://kubernetes.io/docs/concepts/security/rbac-good-practices/#workload-creation"],
  },
  check(ctx) {
    for (const rule of policyRules(ctx.model)) {
      const targets = rule.resources.filter((resource) => EXEC.includes(resource));
      if (!rule.resourcesEntry || targets.length === 0) continue;
      if (!rule.verbs.some((verb) => CREATE.has(verb))) continue;
      ctx.report({
        message: `${rule.role.kind} ${rule.role.name} grants ${targets.join(", ")}`,
        at: keySpan(rule.resourcesEntry),
      });
    }
  },
});
