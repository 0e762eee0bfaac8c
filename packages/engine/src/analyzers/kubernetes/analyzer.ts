// Kubernetes manifests (multi-document YAML): workloads with their pod specs and containers,
// RBAC, Secrets, Services and Ingresses, checked against the Pod Security Standards and RBAC hygiene.
import { defineAnalyzer } from "../../analyzer.ts";
import { type K8sModel, parseKubernetes } from "./model.ts";
import { kubernetesRules } from "./rules/index.ts";

export const kubernetesAnalyzer = defineAnalyzer<K8sModel>({
  id: "kubernetes",
  title: "Kubernetes manifests",
  description:
    "Parses Kubernetes manifests (every `---` document and `List` items) into objects with positions; checks pod and container security contexts (with pod-level inheritance), host namespaces and paths, images, resources, probes, RBAC roles and bindings, Secrets, Services and Ingresses. Unrendered Helm templates are skipped with a reason.",
  accepts: ["kubernetes"],
  parse: parseKubernetes,
  rules: kubernetesRules,
});
