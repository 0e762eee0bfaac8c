// Drift: what the code declares against what runs.
// - missing_resource: declared, not running; unexpected_resource: running, not declared;
//   config_change: one attribute the code sets differs (one item per attribute).
// - A renamed resource (Terraform: the same type and the same identity attribute, such as the
//   bucket name, under another address) is one config_change with attribute `address` (expected
//   the declared address, actual the state's), plus its attribute changes, instead of a missing
//   and an unexpected resource: the resource is the same, only the code's name for it moved.
// - Severity: a drifted attribute a security rule checks takes that rule's severity (the most
//   severe of them); other attributes are low. A whole resource: see resourceSeverity.
import { SEVERITIES, type Severity, severityRank } from "../rule.ts";
import { redact } from "./redact.ts";
import { isSecurityType, securitySetting } from "./security-settings.ts";
import type { DeclaredResource, DeclaredState, DriftItem, ObservedResource, ObservedState } from "./types.ts";
import { StateFormatError } from "./types.ts";
import { canonical, compareAttributes } from "./values.ts";

/** Attributes that name a cloud resource: the same value under two addresses is one resource renamed. */
const IDENTITY_ATTRIBUTES = [
  "bucket",
  "identifier",
  "cluster_identifier",
  "function_name",
  "cluster_name",
  "table_name",
  "repository_name",
  "domain_name",
  "name",
];

function identityOf(attributes: Record<string, unknown>): string | undefined {
  for (const name of IDENTITY_ATTRIBUTES) {
    const value = attributes[name];
    if (typeof value === "string" && value !== "") return `${name}=${value}`;
  }
  return undefined;
}

function underOpaque(address: string, opaque: readonly string[]): boolean {
  return opaque.some(
    (prefix) =>
      address === prefix ||
      address.startsWith(`${prefix}.`) ||
      address.startsWith(`${prefix}[`) ||
      // a generated Kubernetes name: `namespace/name-` then a hash
      (prefix.endsWith("-") && address.startsWith(prefix)),
  );
}

/**
 * A whole resource missing or unexpected. Unexpected (it runs, and no review saw it): when a rule
 * checks its type, the most severe such rule's severity capped at `high`, at least `med`; `med`
 * otherwise. Missing (what the code declares is not there): `med` when a rule checks its type
 * (a trail, a flow log, a public access block deleted), `low` otherwise.
 */
function resourceSeverity(
  kind: DeclaredState["kind"],
  type: string,
  drift: "missing_resource" | "unexpected_resource",
): { severity: Severity; securityRelevant: boolean } {
  const security = isSecurityType(kind, type);
  if (drift === "missing_resource") return { severity: security ? "med" : "low", securityRelevant: security };
  if (!security) return { severity: "med", securityRelevant: false };
  const watched = securitySetting(kind, type, "")?.severity ?? "med";
  const rank = Math.min(Math.max(severityRank(watched), severityRank("high")), severityRank("med"));
  return { severity: SEVERITIES[rank]!, securityRelevant: true };
}

/** Kubernetes keys read `group/Kind/namespace/name`. */
function namespaceOfKey(key: string): string | undefined {
  const parts = key.split("/");
  return parts.length === 4 ? parts[2] || undefined : undefined;
}

function groupKindOfKey(key: string): string {
  const parts = key.split("/");
  return `${parts[0]}/${parts[1]}`;
}

export function computeDrift(declared: DeclaredState, observed: ObservedState): DriftItem[] {
  if (declared.kind !== observed.kind) {
    throw new StateFormatError(
      `The declared configuration is ${declared.kind} but the observed state is ${observed.kind}.`,
    );
  }
  const kind = declared.kind;
  const items: DriftItem[] = [];
  const observedByKey = new Map<string, ObservedResource>();
  for (const resource of observed.resources) observedByKey.set(resource.key, resource);
  const declaredKeys = new Set(declared.resources.map((resource) => resource.key));

  const changes = (from: DeclaredResource, to: ObservedResource, resourceId: string) => {
    if (from.ignored?.includes("*")) return;
    const differences = compareAttributes(from.attributes, to.attributes, {
      mode: kind === "terraform" ? "map" : "struct",
      unknown: new Set([...from.unknown, ...(from.ignored ?? [])]),
    });
    for (const difference of differences) {
      const security = securitySetting(kind, from.type, difference.path);
      const { expected, actual } = redact(difference.path, difference.expected, difference.actual, [
        ...(from.sensitive ?? []),
        ...(to.sensitive ?? []),
      ]);
      items.push({
        driftType: "config_change",
        resourceType: from.type,
        resourceId,
        attribute: difference.path,
        iacExpected: expected,
        actualState: actual,
        severity: security?.severity ?? "low",
        securityRelevant: security !== undefined,
      });
    }
  };

  const missing: DeclaredResource[] = [];
  for (const resource of declared.resources) {
    const running = observedByKey.get(resource.key);
    if (running) changes(resource, running, resource.address);
    else missing.push(resource);
  }

  const declaredNamespaces = new Set(declared.resources.map((resource) => namespaceOfKey(resource.key)));
  const unexpected = observed.resources.filter((resource) => {
    if (declaredKeys.has(resource.key) || underOpaque(resource.address, declared.opaque)) return false;
    // A cluster runs much that no repository declares (system namespaces, other teams'): only the
    // namespaces this configuration deploys to are this environment's.
    // Cluster-scoped objects (no namespace) cannot be told to be this environment's.
    if (kind === "kubernetes") {
      const namespace = namespaceOfKey(resource.key);
      return namespace !== undefined && declaredNamespaces.has(namespace);
    }
    return true;
  });

  if (kind === "terraform") {
    const candidates = new Map<string, ObservedResource[]>();
    for (const resource of unexpected) {
      const identity = identityOf(resource.attributes);
      if (identity === undefined) continue;
      const key = `${resource.type} ${identity}`;
      const list = candidates.get(key);
      if (list) list.push(resource);
      else candidates.set(key, [resource]);
    }
    const renamed = new Set<ObservedResource>();
    const moved = new Set<DeclaredResource>();
    for (const resource of missing) {
      const identity = identityOf(resource.attributes);
      const found = identity === undefined ? undefined : candidates.get(`${resource.type} ${identity}`);
      if (found?.length !== 1 || renamed.has(found[0]!)) continue;
      const running = found[0]!;
      renamed.add(running);
      moved.add(resource);
      items.push({
        driftType: "config_change",
        resourceType: resource.type,
        resourceId: resource.address,
        attribute: "address",
        iacExpected: resource.address,
        actualState: running.address,
        severity: "low",
        securityRelevant: false,
      });
      changes(resource, running, resource.address);
    }
    missing.splice(0, missing.length, ...missing.filter((resource) => !moved.has(resource)));
    unexpected.splice(0, unexpected.length, ...unexpected.filter((resource) => !renamed.has(resource)));
  }

  for (const resource of missing) {
    if (kind === "kubernetes" && observed.coverage) {
      // A kind that was not read (a Secret, a custom resource) cannot be told missing.
      if (!observed.coverage.kinds.includes(groupKindOfKey(resource.key))) continue;
      const namespace = namespaceOfKey(resource.key);
      if (
        observed.coverage.namespaces?.length &&
        namespace &&
        !observed.coverage.namespaces.includes(namespace)
      )
        continue;
    }
    items.push({
      driftType: "missing_resource",
      resourceType: resource.type,
      resourceId: resource.address,
      attribute: null,
      iacExpected: redact("", resource.attributes, null, resource.sensitive).expected,
      actualState: null,
      ...resourceSeverity(kind, resource.type, "missing_resource"),
    });
  }
  for (const resource of unexpected) {
    items.push({
      driftType: "unexpected_resource",
      resourceType: resource.type,
      resourceId: resource.address,
      attribute: null,
      iacExpected: null,
      actualState: redact("", null, resource.attributes, resource.sensitive).actual,
      ...resourceSeverity(kind, resource.type, "unexpected_resource"),
    });
  }
  return items.sort(byImportance);
}

/** Security-relevant first, then by severity, then by resource and attribute (stable output). */
function byImportance(a: DriftItem, b: DriftItem): number {
  if (a.securityRelevant !== b.securityRelevant) return a.securityRelevant ? -1 : 1;
  const severity = SEVERITIES.indexOf(a.severity) - SEVERITIES.indexOf(b.severity);
  if (severity !== 0) return severity;
  if (a.resourceId !== b.resourceId) return a.resourceId < b.resourceId ? -1 : 1;
  return canonical(a.attribute) < canonical(b.attribute)
    ? -1
    : canonical(a.attribute) > canonical(b.attribute)
      ? 1
      : 0;
}
