import { defineFileRule } from "../../../rule.ts";
import { type K8sModel, keySpan, stringOf } from "../model.ts";

export const defaultNamespace = defineFileRule<K8sModel>({
  id: "kubernetes/default-namespace",
  analyzer: "kubernetes",
  title: "Object placed in the default namespace",
  severity: "low",
  confidence: "high",
  lifecycle: "stable",
  controls: ["K8S-RBAC-01"],
  docs: {
    summary:
      "An object sets `metadata.namespace: default`. (Objects without a namespace are not reported: the namespace is usually chosen at deploy time by `kubectl -n`, Kustomize or Helm.)",
    whyItMatters:
      "The default namespace is shared by everything nobody thought about: RBAC grants, quotas and network policies cannot separate this workload from the rest.",
    remediation: "Deploy into a namespace per application or team.",
    example: "metadata:\n  name: api\n  namespace: payments",
    references: ["https://kubernetes.io/docs/concepts/overview/working-with-objects/namespaces/"],
  },
  check(ctx) {
    for (const object of ctx.model.objects) {
      const entry = object.namespaceEntry;
      if (!entry || stringOf(entry.value) !== "default") continue;
      ctx.report({
        message: `${object.kind} ${object.name} is in the default namespace`,
        at: keySpan(entry),
      });
    }
  },
});
