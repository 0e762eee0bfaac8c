// The configuration of one environment against another's: every evaluated leaf as a key
// (`aws_s3_bucket.logs.versioning.0.enabled`, `var.instance_type`, `apps/Deployment/web.spec.replicas`),
// then the keys whose values differ. `change` reads from the source to the target: `added` is a key
// only the target has, `removed` one only the source has, `modified` one both have with different
// values. Security-relevant keys come first.
import { isSensitivePath, MASK } from "./redact.ts";
import { securitySetting } from "./security-settings.ts";
import type { ConfigDifference, DeclaredState } from "./types.ts";
import { canonical, flattenAttributes } from "./values.ts";

interface FlatEntry {
  value: unknown;
  /** For the security ranking: the resource type and attribute path, when a resource's. */
  type?: string;
  path?: string;
  sensitive: boolean;
  /** A root variable that sets an attribute a security rule checks. */
  variableFeedsSecurity?: boolean;
}

/**
 * Kubernetes objects are keyed without their namespace (`apps/Deployment/web`): two environments of
 * one application usually differ by namespace, and the objects are still the same ones.
 */
function resourceKey(state: DeclaredState, resource: DeclaredState["resources"][number]): string {
  if (state.kind === "terraform") return resource.address;
  const [group, kind, , name] = resource.key.split("/");
  return `${group ? `${group}/` : ""}${kind}/${name}`;
}

function flatten(declared: DeclaredState): Map<string, FlatEntry> {
  const out = new Map<string, FlatEntry>();
  const sensitiveVariables = new Set(declared.sensitiveVariables ?? []);
  const securityVariables = new Set(declared.securityVariables ?? []);
  for (const [name, value] of Object.entries(declared.variables ?? {})) {
    const leaves = new Map<string, unknown>();
    flattenAttributes(`var.${name}`, value, leaves, new Set());
    for (const [key, leaf] of leaves)
      out.set(key, {
        value: leaf,
        sensitive: sensitiveVariables.has(name) || isSensitivePath(name, []),
        variableFeedsSecurity: securityVariables.has(name),
      });
  }
  for (const resource of declared.resources) {
    const prefix = `${resourceKey(declared, resource)}.`;
    const leaves = new Map<string, unknown>();
    flattenAttributes(prefix, resource.attributes, leaves, new Set(resource.unknown));
    for (const [key, value] of leaves) {
      const path = key.slice(prefix.length);
      out.set(key, {
        value,
        type: resource.type,
        path,
        sensitive: isSensitivePath(path, resource.sensitive ?? []),
      });
    }
  }
  return out;
}

/** Every evaluated leaf of a declared configuration; sensitive variables masked. */
export function flattenConfig(declared: DeclaredState): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, entry] of flatten(declared)) out.set(key, entry.sensitive ? MASK : entry.value);
  return out;
}

export function compareConfigs(source: DeclaredState, target: DeclaredState): ConfigDifference[] {
  const from = flatten(source);
  const to = flatten(target);
  const differences: ConfigDifference[] = [];
  for (const key of new Set([...from.keys(), ...to.keys()])) {
    const a = from.get(key);
    const b = to.get(key);
    if (a && b && canonical(a.value) === canonical(b.value)) continue;
    const entry = (a ?? b)!;
    const security =
      entry.type !== undefined && entry.path !== undefined
        ? securitySetting(source.kind, entry.type, entry.path) !== undefined
        : false;
    const shown = (side: FlatEntry | undefined) =>
      side === undefined ? null : side.sensitive ? MASK : side.value;
    differences.push({
      key,
      change: a && b ? "modified" : b ? "added" : "removed",
      sourceValue: shown(a),
      targetValue: shown(b),
      securityRelevant: security || (entry.variableFeedsSecurity ?? false),
    });
  }
  return differences.sort((x, y) =>
    x.securityRelevant !== y.securityRelevant
      ? x.securityRelevant
        ? -1
        : 1
      : x.key < y.key
        ? -1
        : x.key > y.key
          ? 1
          : 0,
  );
}
