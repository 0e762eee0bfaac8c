// Apply config for Kubernetes: the settings where the target overlay's objects differ from the
// source's, written as strategic-merge patches in the target's Kustomize overlay (one file per
// object, listed under `patches:` with a target selector, so the overlay's namePrefix and namespace
// need not be known). Lists of named items (containers, ports, env) merge by name as Kubernetes'
// strategic merge does; other lists are replaced whole. Pure: the caller reads and writes files.
import type { DeclaredState } from "@rampart/engine/drift/index";
import { MASK } from "@rampart/engine/drift/index";
import { isMap, isSeq, parseDocument, stringify } from "yaml";

type Obj = Record<string, unknown>;
const isObject = (value: unknown): value is Obj =>
  value !== null && typeof value === "object" && !Array.isArray(value);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export const KUSTOMIZATION_FILES = ["kustomization.yaml", "kustomization.yml", "Kustomization"];

/** `apps/v1/Deployment` → its group, version and kind. */
function typeParts(type: string) {
  const parts = type.split("/");
  const kind = parts.pop()!;
  const version = parts.pop() ?? "v1";
  return { group: parts.join("/"), version, kind };
}

/** An overlay's namePrefix and nameSuffix: what tells `staging-web` and `prod-web` apart. */
export interface NameAffixes {
  prefix: string;
  suffix: string;
}

export function nameAffixes(kustomizationText: string | undefined): NameAffixes {
  if (kustomizationText === undefined) return { prefix: "", suffix: "" };
  const parsed = parseDocument(kustomizationText).toJS({ maxAliasCount: 100 }) as unknown;
  const value = (key: string) =>
    isObject(parsed) && typeof parsed[key] === "string" ? (parsed[key] as string) : "";
  return { prefix: value("namePrefix"), suffix: value("nameSuffix") };
}

/** The object's name without the overlay's own prefix and suffix: the name its patches use. */
function baseName(resource: DeclaredState["resources"][number], affixes: NameAffixes) {
  const name = resource.address.split("/").pop()!;
  const { prefix, suffix } = affixes;
  return name.startsWith(prefix) && name.endsWith(suffix) && name.length > prefix.length + suffix.length
    ? name.slice(prefix.length, name.length - suffix.length)
    : name;
}

/** Objects are matched across environments by group, kind and base name. */
function matchKey(resource: DeclaredState["resources"][number], affixes: NameAffixes) {
  const { group, kind } = typeParts(resource.type);
  return `${group ? `${group}/` : ""}${kind}/${baseName(resource, affixes)}`;
}

/** The object's compare key (`apps/Deployment/prod-web`), as the request's keys name settings. */
function compareKey(resource: DeclaredState["resources"][number]) {
  const { group, kind } = typeParts(resource.type);
  return `${group ? `${group}/` : ""}${kind}/${resource.address.split("/").pop()!}`;
}

/**
 * The part of `source` that differs from `target`, as a strategic-merge patch body; undefined
 * when nothing differs. `wanted` says whether a key (`spec.replicas`) is to be applied.
 */
function difference(
  source: unknown,
  target: unknown,
  path: string,
  wanted: (path: string) => boolean,
): unknown {
  if (same(source, target)) return undefined;
  if (isObject(source) && isObject(target)) {
    const out: Obj = {};
    for (const [key, value] of Object.entries(source)) {
      const changed = difference(value, target[key], path ? `${path}.${key}` : key, wanted);
      if (changed !== undefined) out[key] = changed;
    }
    return Object.keys(out).length > 0 ? out : undefined;
  }
  const named = (list: unknown[]) => list.every((item) => isObject(item) && typeof item.name === "string");
  if (Array.isArray(source) && Array.isArray(target) && named(source) && named(target)) {
    const out: Obj[] = [];
    source.forEach((item, index) => {
      const match = target.find((candidate) => (candidate as Obj).name === (item as Obj).name);
      const changed = difference(item, match, `${path}.${index}`, wanted);
      if (changed !== undefined) out.push({ name: (item as Obj).name, ...(changed as Obj) });
    });
    return out.length > 0 ? out : undefined;
  }
  if (JSON.stringify(source).includes(JSON.stringify(MASK))) return undefined; // never a masked value
  return wanted(path) ? source : undefined;
}

export interface OverlayPatch {
  /** Repository-relative path and new content of each file written. */
  files: { path: string; content: string }[];
  /** The objects patched, `apps/Deployment/web`. */
  objects: string[];
}

/**
 * The patches that bring the target overlay's objects to the source's settings, and the overlay's
 * kustomization listing them; undefined when the target already has them. Keys, when given, are
 * compare keys (`apps/Deployment/web.spec.replicas`): only those settings (and what is under them).
 */
export function overlayPatch(input: {
  source: DeclaredState;
  target: DeclaredState;
  overlay: string;
  kustomization: { path: string; text: string };
  /** The source's overlay name affixes (none when its folder is not an overlay). */
  sourceAffixes: NameAffixes;
  sourceName: string;
  keys?: readonly string[];
}): OverlayPatch | { error: string } | undefined {
  const document = parseDocument(input.kustomization.text);
  if (document.errors.length > 0 || !isMap(document.contents))
    return { error: `${input.kustomization.path} could not be read` };
  const existing = document.get("patches");
  if (existing !== undefined && !isSeq(existing))
    return { error: `${input.kustomization.path} has patches that are not a list` };
  const targetAffixes = nameAffixes(input.kustomization.text);
  const sources = new Map(
    input.source.resources.map((resource) => [matchKey(resource, input.sourceAffixes), resource]),
  );
  const files: OverlayPatch["files"] = [];
  const objects: string[] = [];
  const entries: Obj[] = [];
  for (const resource of input.target.resources) {
    const key = matchKey(resource, targetAffixes);
    const from = sources.get(key);
    if (!from) continue;
    const named = [compareKey(from), compareKey(resource), key];
    const wanted = (path: string) =>
      !input.keys ||
      input.keys.some((wantedKey) =>
        named.some(
          (object) => wantedKey === `${object}.${path}` || wantedKey.startsWith(`${object}.${path}.`),
        ),
      );
    const body = difference(from.attributes, resource.attributes, "", wanted);
    if (body === undefined) continue;
    const { group, version, kind } = typeParts(resource.type);
    const name = baseName(resource, targetAffixes);
    const file = `rampart-${input.sourceName}-${kind}-${name}.yaml`
      .toLowerCase()
      .replace(/[^a-z0-9.-]+/g, "-");
    files.push({
      path: input.overlay ? `${input.overlay}/${file}` : file,
      content: `# Proposed by Rampart: ${kind} ${name} as ${input.sourceName} declares it.\n${stringify({
        apiVersion: group ? `${group}/${version}` : version,
        kind,
        metadata: { name },
        ...(body as Obj),
      })}`,
    });
    objects.push(key);
    entries.push({ path: file, target: { ...(group ? { group } : {}), version, kind, name } });
  }
  if (files.length === 0) return undefined;
  const listed = new Set(
    (isSeq(existing) ? (existing.toJSON() as unknown[]) : []).map((entry) =>
      isObject(entry) ? entry.path : undefined,
    ),
  );
  const added = entries.filter((entry) => !listed.has(entry.path));
  if (isSeq(existing)) for (const entry of added) existing.add(document.createNode(entry));
  else document.set("patches", document.createNode(added));
  files.push({ path: input.kustomization.path, content: document.toString() });
  return { files, objects };
}
