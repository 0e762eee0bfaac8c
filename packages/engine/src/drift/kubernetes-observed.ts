// What runs in a cluster: the objects the API server returned, keyed as the declared ones are
// (`group/Kind/namespace/name`), with what the server adds about them (status, managedFields,
// resourceVersion, uid, the last-applied annotation) removed. Objects another controller owns
// (a ReplicaSet's Pods, an operator's objects) and the ones Kubernetes creates in every namespace
// are not the repository's to declare, so they are left out.
import { isSensitiveName, MASK } from "./redact.ts";
import type { ObservedResource, ObservedState } from "./types.ts";

export interface ObservedKind {
  group: string;
  version: string;
  kind: string;
  /** The resource name in the API path (`/apis/apps/v1/namespaces/{ns}/deployments`). */
  plural: string;
}

/** The kinds drift reads from a cluster (Secrets are never read: their data is not Rampart's to hold). */
export const KUBERNETES_OBSERVED_KINDS: readonly ObservedKind[] = [
  { group: "apps", version: "v1", kind: "Deployment", plural: "deployments" },
  { group: "apps", version: "v1", kind: "StatefulSet", plural: "statefulsets" },
  { group: "apps", version: "v1", kind: "DaemonSet", plural: "daemonsets" },
  { group: "", version: "v1", kind: "Service", plural: "services" },
  { group: "networking.k8s.io", version: "v1", kind: "Ingress", plural: "ingresses" },
  { group: "", version: "v1", kind: "ConfigMap", plural: "configmaps" },
  { group: "", version: "v1", kind: "ServiceAccount", plural: "serviceaccounts" },
  { group: "rbac.authorization.k8s.io", version: "v1", kind: "Role", plural: "roles" },
  { group: "rbac.authorization.k8s.io", version: "v1", kind: "RoleBinding", plural: "rolebindings" },
  { group: "networking.k8s.io", version: "v1", kind: "NetworkPolicy", plural: "networkpolicies" },
];

/** Kinds without a namespace. */
export const CLUSTER_SCOPED_KINDS = new Set([
  "Namespace",
  "ClusterRole",
  "ClusterRoleBinding",
  "PersistentVolume",
  "StorageClass",
  "CustomResourceDefinition",
  "PriorityClass",
  "IngressClass",
  "RuntimeClass",
  "ValidatingWebhookConfiguration",
  "MutatingWebhookConfiguration",
  "APIService",
  "Node",
]);

const SYSTEM_NAMESPACES = new Set(["kube-system", "kube-public", "kube-node-lease"]);
/** Created by Kubernetes in every namespace (or in `default`). */
const SYSTEM_OBJECTS = new Set([
  "ServiceAccount//default",
  "ConfigMap//kube-root-ca.crt",
  "Service/default/kubernetes",
]);
const SERVER_METADATA = [
  "managedFields",
  "resourceVersion",
  "uid",
  "generation",
  "creationTimestamp",
  "selfLink",
];
const SERVER_ANNOTATIONS = [
  "kubectl.kubernetes.io/last-applied-configuration",
  "deployment.kubernetes.io/revision",
];

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

export function groupOf(apiVersion: string): string {
  const slash = apiVersion.indexOf("/");
  return slash === -1 ? "" : apiVersion.slice(0, slash);
}

/** `group/Kind/namespace/name`, the key declared and observed objects are matched by. */
export function kubernetesKey(apiVersion: string, kind: string, namespace: string, name: string): string {
  return `${groupOf(apiVersion)}/${kind}/${namespace}/${name}`;
}

export function kubernetesAddress(namespace: string, name: string): string {
  return namespace ? `${namespace}/${name}` : name;
}

/** An object as the API server returned it, without what the server maintains. */
function withoutServerFields(object: Record<string, unknown>): Record<string, unknown> {
  const { status: _status, ...rest } = object;
  if (!isObject(rest.metadata)) return rest;
  const metadata: Record<string, unknown> = { ...rest.metadata };
  for (const field of SERVER_METADATA) delete metadata[field];
  if (isObject(metadata.annotations)) {
    const annotations = { ...metadata.annotations };
    for (const annotation of SERVER_ANNOTATIONS) delete annotations[annotation];
    if (Object.keys(annotations).length === 0) delete metadata.annotations;
    else metadata.annotations = annotations;
  }
  return { ...rest, metadata };
}

/**
 * Secrets never leave the cluster or the repository through drift: a Secret's values and the
 * literal value of an environment variable whose name says secret (`DB_PASSWORD`) are masked on
 * both sides, so they are neither stored nor compared.
 */
export function maskSecrets(object: Record<string, unknown>): Record<string, unknown> {
  const out = structuredClone(object);
  if (out.kind === "Secret") {
    for (const field of ["data", "stringData"]) {
      const values = out[field];
      if (isObject(values)) for (const key of Object.keys(values)) values[key] = MASK;
    }
  }
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (isObject(value)) {
      if (Array.isArray(value.env)) {
        for (const variable of value.env) {
          if (
            isObject(variable) &&
            typeof variable.name === "string" &&
            typeof variable.value === "string" &&
            isSensitiveName(variable.name)
          )
            variable.value = MASK;
        }
      }
      for (const child of Object.values(value)) visit(child);
    }
  };
  visit(out.spec);
  return out;
}

/** The attributes compared: the object without what identifies it (kind, apiVersion, name, namespace). */
export function comparedAttributes(object: Record<string, unknown>): Record<string, unknown> {
  const { apiVersion: _apiVersion, kind: _kind, ...rest } = object;
  if (!isObject(rest.metadata)) return rest;
  const { name: _name, namespace: _namespace, ...metadata } = rest.metadata;
  if (Object.keys(metadata).length === 0) {
    const { metadata: _metadata, ...withoutMetadata } = rest;
    return withoutMetadata;
  }
  return { ...rest, metadata };
}

/**
 * The objects, with List responses opened: the API server leaves `kind` and `apiVersion` out of a
 * list's items (`DeploymentList` holds Deployments), so they are taken from the list.
 */
function* withKinds(objects: readonly unknown[]): Generator<Record<string, unknown>> {
  for (const object of objects) {
    if (!isObject(object)) continue;
    const listKind =
      typeof object.kind === "string" && object.kind.endsWith("List") ? object.kind.slice(0, -4) : undefined;
    if (listKind === undefined || !Array.isArray(object.items)) {
      yield object;
      continue;
    }
    for (const item of object.items) {
      if (!isObject(item)) continue;
      yield {
        ...item,
        kind: typeof item.kind === "string" ? item.kind : listKind,
        apiVersion: typeof item.apiVersion === "string" ? item.apiVersion : object.apiVersion,
      };
    }
  }
}

/**
 * What a cluster runs. `objects` are API objects, or List responses (`DeploymentList` with
 * `items`) as the API returns them. `coverage` says which kinds (`group/Kind`) and namespaces were
 * read; the kinds default to KUBERNETES_OBSERVED_KINDS.
 */
export function observedKubernetes(
  objects: readonly unknown[],
  coverage?: { kinds?: readonly string[]; namespaces?: readonly string[] },
): ObservedState {
  const resources: ObservedResource[] = [];
  for (const object of withKinds(objects)) {
    if (!isObject(object.metadata)) continue;
    const { kind, apiVersion } = object;
    const { name, namespace: rawNamespace, ownerReferences } = object.metadata;
    if (typeof kind !== "string" || typeof apiVersion !== "string" || typeof name !== "string") continue;
    if (Array.isArray(ownerReferences) && ownerReferences.length > 0) continue;
    const namespace = CLUSTER_SCOPED_KINDS.has(kind)
      ? ""
      : typeof rawNamespace === "string"
        ? rawNamespace
        : "default";
    if (SYSTEM_NAMESPACES.has(namespace)) continue;
    if (SYSTEM_OBJECTS.has(`${kind}//${name}`) || SYSTEM_OBJECTS.has(`${kind}/${namespace}/${name}`))
      continue;
    resources.push({
      address: kubernetesAddress(namespace, name),
      type: `${apiVersion}/${kind}`,
      key: kubernetesKey(apiVersion, kind, namespace, name),
      attributes: comparedAttributes(maskSecrets(withoutServerFields(object))),
    });
  }
  return {
    kind: "kubernetes",
    resources,
    coverage: {
      kinds: [...(coverage?.kinds ?? KUBERNETES_OBSERVED_KINDS.map((kind) => `${kind.group}/${kind.kind}`))],
      ...(coverage?.namespaces?.length ? { namespaces: [...coverage.namespaces] } : {}),
    },
  };
}
