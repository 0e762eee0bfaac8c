// RBAC helpers: the rules of Roles and ClusterRoles, and the subjects of bindings, with positions.
import {
  childOf,
  entryOf,
  itemsOf,
  type K8sModel,
  type K8sObject,
  stringOf,
  type YamlEntry,
  type YamlNode,
} from "./model.ts";

export interface PolicyRule {
  role: K8sObject;
  node: YamlNode;
  verbs: string[];
  verbsEntry?: YamlEntry;
  resources: string[];
  resourcesEntry?: YamlEntry;
  apiGroups: string[];
}

function strings(node: YamlNode | undefined): string[] {
  return itemsOf(node)
    .map(stringOf)
    .filter((value): value is string => value !== undefined);
}

export function policyRules(model: K8sModel): PolicyRule[] {
  const out: PolicyRule[] = [];
  for (const role of model.objects) {
    if (role.kind !== "Role" && role.kind !== "ClusterRole") continue;
    for (const node of itemsOf(childOf(role.root, "rules"))) {
      const verbsEntry = entryOf(node, "verbs");
      const resourcesEntry = entryOf(node, "resources");
      out.push({
        role,
        node,
        verbs: strings(verbsEntry?.value),
        ...(verbsEntry ? { verbsEntry } : {}),
        resources: strings(resourcesEntry?.value),
        ...(resourcesEntry ? { resourcesEntry } : {}),
        apiGroups: strings(childOf(node, "apiGroups")),
      });
    }
  }
  return out;
}

export function isBinding(object: K8sObject): boolean {
  return object.kind === "RoleBinding" || object.kind === "ClusterRoleBinding";
}
