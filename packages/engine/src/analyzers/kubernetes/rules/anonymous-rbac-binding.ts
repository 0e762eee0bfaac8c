import { defineFileRule } from "../../../rule.ts";
import { childOf, entryOf, itemsOf, type K8sModel, keySpan, stringOf } from "../model.ts";
import { isBinding } from "../rbac.ts";

const ANONYMOUS = new Set(["system:anonymous", "system:unauthenticated"]);

export const anonymousRbacBinding = defineFileRule<K8sModel>({
  id: "kubernetes/anonymous-rbac-binding",
  analyzer: "kubernetes",
  title: "Role bound to anonymous or unauthenticated users",
  severity: "critical",
  confidence: "high",
  lifecycle: "stable",
  cwe: [306],
  controls: ["K8S-RBAC-02"],
  docs: {
    summary:
      "A RoleBinding or ClusterRoleBinding names `system:anonymous` or `system:unauthenticated` as a subject.",
    whyItMatters:
      "Anyone who can reach the API server, without any credential, gets the bound role's permissions.",
    remediation:
      "Remove the subject; bind the role to authenticated users, groups or service accounts that need it.",
    example: "subjects:\n  - kind: ServiceAccount\n    name: app\n    namespace: payments",
    references: ["https://kubernetes.io/docs/reference/access-authn-authz/rbac/#discovery-roles"],
  },
  check(ctx) {
    for (const binding of ctx.model.objects) {
      if (!isBinding(binding)) continue;
      for (const subject of itemsOf(childOf(binding.root, "subjects"))) {
        const nameEntry = entryOf(subject, "name");
        const name = stringOf(nameEntry?.value);
        if (!nameEntry || name === undefined || !ANONYMOUS.has(name)) continue;
        const role = stringOf(childOf(childOf(binding.root, "roleRef"), "name")) ?? "a role";
        ctx.report({
          message: `${binding.kind} ${binding.name} grants ${role} to ${name}`,
          at: keySpan(nameEntry),
        });
      }
    }
  },
});
