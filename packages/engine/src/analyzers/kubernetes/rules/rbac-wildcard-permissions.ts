import { defineFileRule } from "../../../rule.ts";
import type { K8sModel } from "../model.ts";
import { keySpan } from "../model.ts";
import { policyRules } from "../rbac.ts";

export const rbacWildcardPermissions = defineFileRule<K8sModel>({
  id: "kubernetes/rbac-wildcard-permissions",
  analyzer: "kubernetes",
  title: "RBAC role grants wildcard verbs or resources",
  severity: "high",
  confidence: "high",
  lifecycle: "stable",
  cwe: [269],
  controls: ["K8S-RBAC-01"],
  docs: {
    summary: "A Role or ClusterRole rule lists `*` in `verbs` or `resources`.",
    whyItMatters:
      "The role grants today's and tomorrow's permissions (new resources, CRDs, subresources such as pods/exec); with both wildcards it is cluster-admin under another name.",
    remediation: "List the verbs and resources the subject needs.",
    example:
      "rules:\n  - apiGroups: ['apps']\n    resources: ['deployments']\n    verbs: ['get', 'list', 'watch']",
    references: ["https://kubernetes.io/docs/concepts/security/rbac-good-practices/"],
  },
  check(ctx) {
    for (const rule of policyRules(ctx.model)) {
      const who = `${rule.role.kind} ${rule.role.name}`;
      if (rule.verbsEntry && rule.verbs.includes("*")) {
        ctx.report({ message: `${who} grants every verb`, at: keySpan(rule.verbsEntry) });
      }
      if (rule.resourcesEntry && rule.resources.includes("*")) {
        ctx.report({ message: `${who} grants access to every resource`, at: keySpan(rule.resourcesEntry) });
      }
    }
  },
});
