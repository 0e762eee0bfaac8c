import { defineFileRule } from "../../../rule.ts";
import { type K8sModel, keySpan } from "../model.ts";
import { policyRules } from "../rbac.ts";

const READ = new Set(["get", "list", "watch", "*"]);

export const rbacSecretsAccess = defineFileRule<K8sModel>({
  id: "kubernetes/rbac-secrets-access",
  analyzer: "kubernetes",
  title: "RBAC role can read Secrets",
  severity: "med",
  confidence: "medium",
  lifecycle: "stable",
  cwe: [285],
  controls: ["K8S-RBAC-01"],
  docs: {
    summary:
      "A Role or ClusterRole rule grants `get`, `list` or `watch` on `secrets` (core API group). Wildcard resources are reported by `kubernetes/rbac-wildcard-permissions`.",
    whyItMatters:
      "Secrets hold service account tokens, database passwords and TLS keys; `list` returns every value at once, so reading Secrets usually means escalating to whatever they unlock.",
    remediation:
      "Grant `get` on named Secrets with `resourceNames`, or mount the Secret into the pod instead of reading it through the API. Rules restricted with `resourceNames` and no `list`/`watch` are not reported.",
    example:
      "rules:\n  - apiGroups: ['']\n    resources: ['secrets']\n    resourceNames: ['app-tls']\n    verbs: ['get']",
    references: ["https://kubernetes.io/docs/concepts/security/rbac-good-practices/#listing-secrets"],
  },
  check(ctx) {
    for (const rule of policyRules(ctx.model)) {
      if (!rule.resourcesEntry || !rule.resources.includes("secrets")) continue;
      if (rule.apiGroups.length > 0 && !rule.apiGroups.includes("") && !rule.apiGroups.includes("*"))
        continue;
      const reads = rule.verbs.filter((verb) => READ.has(verb));
      if (reads.length === 0) continue;
      const named =
        rule.node.kind === "map" && rule.node.entries.some((entry) => entry.key === "resourceNames");
      if (named && !reads.some((verb) => verb === "list" || verb === "watch" || verb === "*")) continue;
      ctx.report({
        message: `${rule.role.kind} ${rule.role.name} can ${reads.join("/")} secrets`,
        at: keySpan(rule.resourcesEntry),
      });
    }
  },
});
