// What a Kubernetes folder declares: the manifests in it (`kubectl apply -f <folder>`: its own
// files, not its subfolders), or, when it holds a kustomization, what `kustomize build` would give
// for the parts of Kustomize that are plain data: resources and bases (files and folders),
// strategic-merge and JSON 6902 patches, namePrefix/nameSuffix, namespace, commonLabels,
// commonAnnotations, images and replicas. Generators (configMapGenerator, secretGenerator) add a
// hash to names that cannot be told here: their objects are opaque. Bounded: folder depth, file
// size, documents and YAML aliases; no remote bases.
import { parseAllDocuments } from "yaml";
import {
  CLUSTER_SCOPED_KINDS,
  comparedAttributes,
  kubernetesAddress,
  kubernetesKey,
  maskSecrets,
} from "./kubernetes-observed.ts";
import { dirnameOf, joinPath, normalizeFolder } from "./paths.ts";
import type { DeclaredResource, DeclaredState } from "./types.ts";
import { Warnings } from "./warnings.ts";

export interface KubernetesInput {
  /** Repository-relative folder of manifests or of a Kustomize overlay. */
  path: string;
}

const MAX_FILE_BYTES = 8 * 1024 * 1024;
const MAX_DOCUMENTS = 20_000;
const MAX_KUSTOMIZE_DEPTH = 10;
const KUSTOMIZATION_FILES = ["kustomization.yaml", "kustomization.yml", "Kustomization"];
/** Workload kinds and where their pod template is. */
const POD_TEMPLATE: Readonly<Record<string, string[]>> = {
  Deployment: ["spec", "template"],
  StatefulSet: ["spec", "template"],
  DaemonSet: ["spec", "template"],
  ReplicaSet: ["spec", "template"],
  Job: ["spec", "template"],
  CronJob: ["spec", "jobTemplate", "spec", "template"],
};

type Obj = Record<string, unknown>;

function isObject(value: unknown): value is Obj {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function clone<T>(value: T): T {
  return structuredClone(value);
}

function childObject(parent: Obj, key: string): Obj {
  const existing = parent[key];
  if (isObject(existing)) return existing;
  const created: Obj = {};
  parent[key] = created;
  return created;
}

function at(object: Obj, path: readonly string[]): Obj | undefined {
  let current: unknown = object;
  for (const key of path) current = isObject(current) ? current[key] : undefined;
  return isObject(current) ? current : undefined;
}

class Build {
  readonly warnings: string[] = new Warnings();
  readonly opaque: string[] = [];
  documents = 0;
  /** Set once the document budget is spent: every later read returns nothing, at once. */
  exhausted = false;
  readonly #files: ReadonlyMap<string, string>;
  /** Kustomizations being built: one that includes itself (directly or not) is a cycle. */
  readonly #building = new Set<string>();

  constructor(files: ReadonlyMap<string, string>) {
    this.#files = files;
  }

  text(path: string): string | undefined {
    const text = this.#files.get(path);
    if (text === undefined) this.warnings.push(`${path} does not exist`);
    else if (text.length > MAX_FILE_BYTES) {
      this.warnings.push(`${path} is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB and was not read`);
      return undefined;
    }
    return text;
  }

  /** The objects of a YAML (or JSON) file; `List` items flattened. */
  objects(path: string): { object: Obj; file: string }[] {
    if (this.exhausted) return [];
    const text = this.text(path);
    if (text === undefined) return [];
    if (/\{\{-?\s*[.$a-zA-Z/(]/.test(text)) {
      this.warnings.push(`${path} is a template (Helm), not a manifest: not read`);
      return [];
    }
    const out: { object: Obj; file: string }[] = [];
    // Kubernetes decodes YAML 1.1-style (unquoted yes/no are booleans).
    for (const document of parseAllDocuments(text, { version: "1.1", uniqueKeys: false })) {
      if (++this.documents > MAX_DOCUMENTS) {
        this.warnings.push(`more than ${MAX_DOCUMENTS} YAML documents: the rest were not read`);
        this.exhausted = true;
        break;
      }
      if (document.errors.length > 0) {
        this.warnings.push(`${path} is not valid YAML`);
        continue;
      }
      let value: unknown;
      try {
        value = document.toJS({ maxAliasCount: 100 });
      } catch {
        this.warnings.push(`${path} uses too many YAML aliases`);
        continue;
      }
      if (!isObject(value)) continue;
      const items = value.kind === "List" && Array.isArray(value.items) ? value.items : [value];
      for (const item of items) if (isObject(item)) out.push({ object: item, file: path });
    }
    return out;
  }

  kustomizationIn(dir: string): string | undefined {
    return KUSTOMIZATION_FILES.map((name) => (dir ? `${dir}/${name}` : name)).find((path) =>
      this.#files.has(path),
    );
  }

  /** Manifests of a folder, or its kustomize build. */
  folder(dir: string, depth: number): { object: Obj; file: string }[] {
    const kustomization = this.kustomizationIn(dir);
    if (kustomization) return this.kustomize(dir, kustomization, depth);
    return [...this.#files.keys()]
      .filter((path) => dirnameOf(path) === dir && /\.(ya?ml|json)$/i.test(path))
      .sort()
      .flatMap((path) => this.objects(path));
  }

  kustomize(dir: string, file: string, depth: number): { object: Obj; file: string }[] {
    if (depth > MAX_KUSTOMIZE_DEPTH) {
      this.warnings.push(`${file}: kustomizations nested deeper than ${MAX_KUSTOMIZE_DEPTH} are not read`);
      return [];
    }
    if (this.#building.has(dir)) {
      this.warnings.push(`${file} includes itself`);
      return [];
    }
    this.#building.add(dir);
    try {
      return this.build(dir, file, depth);
    } finally {
      this.#building.delete(dir);
    }
  }

  build(dir: string, file: string, depth: number): { object: Obj; file: string }[] {
    const [document] = this.objects(file);
    const k = document?.object ?? {};
    const strings = (value: unknown): string[] =>
      Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
    const out: { object: Obj; file: string }[] = [];
    for (const entry of [...strings(k.resources), ...strings(k.bases)]) {
      if (/^[a-z]+:\/\//i.test(entry) || entry.startsWith("github.com/") || entry.includes("?ref=")) {
        this.warnings.push(`${file}: remote resource ${entry} is not read`);
        continue;
      }
      const path = joinPath(dir, entry);
      if (path === undefined) {
        this.warnings.push(`${file}: ${entry} is outside the repository`);
        continue;
      }
      if (this.#files.has(path)) out.push(...this.objects(path));
      else out.push(...this.folder(path, depth + 1));
    }
    for (const generator of [k.configMapGenerator, k.secretGenerator]) {
      if (!Array.isArray(generator)) continue;
      for (const item of generator) {
        if (isObject(item) && typeof item.name === "string") this.opaque.push(item.name);
      }
    }
    // Patches name the objects as the resources do, before the prefix and the namespace change them.
    const patches: { patch: unknown; target?: Obj }[] = [];
    for (const entry of strings(k.patchesStrategicMerge)) {
      const path = joinPath(dir, entry);
      if (path !== undefined && this.#files.has(path))
        for (const { object } of this.objects(path)) patches.push({ patch: object });
    }
    for (const entry of Array.isArray(k.patches)
      ? k.patches
      : Array.isArray(k.patchesJson6902)
        ? k.patchesJson6902
        : []) {
      if (!isObject(entry)) continue;
      const target = isObject(entry.target) ? entry.target : undefined;
      let patch: unknown;
      if (typeof entry.patch === "string") {
        const [parsed] = parseAllDocuments(entry.patch, { version: "1.1" });
        patch = parsed?.toJS({ maxAliasCount: 100 });
      } else if (typeof entry.path === "string") {
        const path = joinPath(dir, entry.path);
        const text = path === undefined ? undefined : this.text(path);
        if (text !== undefined)
          patch = parseAllDocuments(text, { version: "1.1" })[0]?.toJS({ maxAliasCount: 100 });
      }
      if (patch !== undefined) patches.push({ patch, ...(target ? { target } : {}) });
    }
    for (const { patch, target } of patches) this.applyPatch(out, patch, target, file);

    const prefix = typeof k.namePrefix === "string" ? k.namePrefix : "";
    const suffix = typeof k.nameSuffix === "string" ? k.nameSuffix : "";
    const namespace = typeof k.namespace === "string" ? k.namespace : undefined;
    const labels = isObject(k.commonLabels) ? k.commonLabels : undefined;
    const annotations = isObject(k.commonAnnotations) ? k.commonAnnotations : undefined;
    const renamed = new Map<string, string>();
    for (const { object } of out) {
      const metadata = childObject(object, "metadata");
      if ((prefix || suffix) && typeof metadata.name === "string" && object.kind !== "Namespace") {
        const name = `${prefix}${metadata.name}${suffix}`;
        renamed.set(`${object.kind}/${metadata.name}`, name);
        metadata.name = name;
      }
      if (namespace !== undefined && !CLUSTER_SCOPED_KINDS.has(String(object.kind)))
        metadata.namespace = namespace;
      if (labels) this.addLabels(object, labels);
      if (annotations) Object.assign(childObject(metadata, "annotations"), annotations);
    }
    if (prefix || suffix) {
      this.opaque.splice(0, this.opaque.length, ...this.opaque.map((name) => `${prefix}${name}${suffix}`));
      for (const { object } of out) fixReferences(object, renamed);
    }
    if (namespace !== undefined) {
      for (const { object } of out) {
        if (object.kind !== "RoleBinding" && object.kind !== "ClusterRoleBinding") continue;
        for (const subject of Array.isArray(object.subjects) ? object.subjects : []) {
          if (isObject(subject) && subject.kind === "ServiceAccount") subject.namespace = namespace;
        }
      }
    }
    this.applyImages(out, k.images);
    this.applyReplicas(out, k.replicas);
    return out;
  }

  applyPatch(objects: { object: Obj }[], patch: unknown, target: Obj | undefined, file: string): void {
    if (Array.isArray(patch)) {
      // JSON 6902: a list of operations on the target.
      const matches = objects.filter(({ object }) => target && matchesTarget(object, target));
      if (matches.length === 0) this.warnings.push(`${file}: a JSON patch matches no resource`);
      for (const { object } of matches) {
        for (const operation of patch)
          if (!applyOperation(object, operation))
            this.warnings.push(`${file}: a JSON patch operation could not be applied`);
      }
      return;
    }
    if (!isObject(patch)) return;
    const name = at(patch, ["metadata"])?.name;
    const matches = objects.filter(({ object }) =>
      target
        ? matchesTarget(object, target)
        : object.kind === patch.kind && at(object, ["metadata"])?.name === name,
    );
    if (matches.length === 0)
      this.warnings.push(`${file}: a patch for ${String(patch.kind)} ${String(name)} matches no resource`);
    for (const match of matches) {
      const { metadata: _metadata, ...body } = patch;
      const merged = strategicMerge(
        match.object,
        target ? body : { ...body, metadata: withoutIdentity(patch.metadata) },
      );
      if (isObject(merged)) {
        for (const key of Object.keys(match.object)) delete match.object[key];
        Object.assign(match.object, merged);
      }
    }
  }

  addLabels(object: Obj, labels: Obj): void {
    Object.assign(childObject(childObject(object, "metadata"), "labels"), labels);
    const template = POD_TEMPLATE[String(object.kind)];
    if (template) {
      const spec = at(object, template.slice(0, -1));
      if (spec)
        Object.assign(childObject(childObject(childObject(spec, "template"), "metadata"), "labels"), labels);
      if (object.kind !== "CronJob" && object.kind !== "Job") {
        Object.assign(
          childObject(childObject(childObject(object, "spec"), "selector"), "matchLabels"),
          labels,
        );
      }
    }
    if (object.kind === "Service")
      Object.assign(childObject(childObject(object, "spec"), "selector"), labels);
  }

  applyImages(objects: { object: Obj }[], images: unknown): void {
    if (!Array.isArray(images)) return;
    for (const { object } of objects) {
      for (const container of containersOf(object)) {
        if (typeof container.image !== "string") continue;
        const image = container.image;
        const base = image.split("@")[0]!.replace(/:[^:/]+$/, "");
        const rule = images.find((item) => isObject(item) && item.name === base);
        if (!isObject(rule)) continue;
        const name = typeof rule.newName === "string" ? rule.newName : base;
        if (typeof rule.digest === "string") container.image = `${name}@${rule.digest}`;
        else if (typeof rule.newTag === "string") container.image = `${name}:${rule.newTag}`;
        else container.image = image.replace(base, name);
      }
    }
  }

  applyReplicas(objects: { object: Obj }[], replicas: unknown): void {
    if (!Array.isArray(replicas)) return;
    for (const rule of replicas) {
      if (!isObject(rule) || typeof rule.name !== "string" || typeof rule.count !== "number") continue;
      for (const { object } of objects) {
        const name = at(object, ["metadata"])?.name;
        if (POD_TEMPLATE[String(object.kind)] && (name === rule.name || String(name).endsWith(rule.name))) {
          childObject(object, "spec").replicas = rule.count;
        }
      }
    }
  }
}

function withoutIdentity(metadata: unknown): Obj {
  if (!isObject(metadata)) return {};
  const { name: _name, namespace: _namespace, ...rest } = metadata;
  return rest;
}

function matchesTarget(object: Obj, target: Obj): boolean {
  const metadata = at(object, ["metadata"]) ?? {};
  if (typeof target.kind === "string" && object.kind !== target.kind) return false;
  if (typeof target.name === "string" && metadata.name !== target.name) return false;
  if (typeof target.namespace === "string" && metadata.namespace !== target.namespace) return false;
  return true;
}

/** The merge key of a list element, as the strategic merge patch uses for the common lists. */
function mergeKey(item: unknown): string | undefined {
  if (!isObject(item)) return undefined;
  if (typeof item.name === "string") return `name=${item.name}`;
  if (typeof item.containerPort === "number") return `containerPort=${item.containerPort}`;
  if (typeof item.mountPath === "string") return `mountPath=${item.mountPath}`;
  return undefined;
}

/**
 * Strategic merge, where simple: maps merge, `null` deletes a key, lists of named elements merge
 * by name (`$patch: delete` removes one), other lists are replaced.
 */
export function strategicMerge(base: unknown, patch: unknown): unknown {
  if (isObject(patch) && patch.$patch === "replace") {
    const { $patch: _replace, ...rest } = patch;
    return clone(rest);
  }
  if (isObject(base) && isObject(patch)) {
    const out: Obj = { ...base };
    for (const [key, value] of Object.entries(patch)) {
      if (key === "$patch") continue;
      if (value === null) delete out[key];
      else out[key] = key in base ? strategicMerge(base[key], value) : clone(value);
    }
    return out;
  }
  if (Array.isArray(base) && Array.isArray(patch) && patch.every((item) => mergeKey(item) !== undefined)) {
    const out = [...base];
    for (const item of patch as Obj[]) {
      const index = out.findIndex((existing) => mergeKey(existing) === mergeKey(item));
      if (item.$patch === "delete") {
        if (index !== -1) out.splice(index, 1);
      } else if (index === -1) out.push(clone(item));
      else out[index] = strategicMerge(out[index], item);
    }
    return out;
  }
  return clone(patch);
}

/** One JSON 6902 operation (add, replace, remove) at a JSON pointer; false when it does not apply. */
function applyOperation(object: Obj, operation: unknown): boolean {
  if (!isObject(operation) || typeof operation.path !== "string" || !operation.path.startsWith("/"))
    return false;
  const steps = operation.path
    .slice(1)
    .split("/")
    .map((step) => step.replace(/~1/g, "/").replace(/~0/g, "~"));
  const last = steps.pop()!;
  let parent: unknown = object;
  for (const step of steps) {
    parent = Array.isArray(parent) ? parent[Number(step)] : isObject(parent) ? parent[step] : undefined;
    if (parent === undefined) return false;
  }
  const op = operation.op;
  if (Array.isArray(parent)) {
    const index = last === "-" ? parent.length : Number(last);
    if (!Number.isInteger(index) || index < 0 || index > parent.length) return false;
    if (op === "add") parent.splice(index, 0, clone(operation.value));
    else if (op === "replace" && index < parent.length) parent[index] = clone(operation.value);
    else if (op === "remove" && index < parent.length) parent.splice(index, 1);
    else return false;
    return true;
  }
  if (!isObject(parent)) return false;
  if (op === "add" || (op === "replace" && last in parent)) parent[last] = clone(operation.value);
  else if (op === "remove" && last in parent) delete parent[last];
  else return false;
  return true;
}

function containersOf(object: Obj): Obj[] {
  const template = POD_TEMPLATE[String(object.kind)];
  const podSpec =
    object.kind === "Pod" ? at(object, ["spec"]) : template ? at(object, [...template, "spec"]) : undefined;
  if (!podSpec) return [];
  return ["containers", "initContainers"].flatMap((key) =>
    Array.isArray(podSpec[key]) ? podSpec[key].filter(isObject) : [],
  );
}

/** namePrefix/nameSuffix also rename the references to the renamed objects (as kustomize does). */
function fixReferences(object: Obj, renamed: ReadonlyMap<string, string>): void {
  const rename = (kind: string, holder: Obj, key: string) => {
    const name = holder[key];
    if (typeof name === "string" && renamed.has(`${kind}/${name}`))
      holder[key] = renamed.get(`${kind}/${name}`);
  };
  const template = POD_TEMPLATE[String(object.kind)];
  const podSpec =
    object.kind === "Pod" ? at(object, ["spec"]) : template ? at(object, [...template, "spec"]) : undefined;
  if (podSpec) {
    rename("ServiceAccount", podSpec, "serviceAccountName");
    for (const volume of Array.isArray(podSpec.volumes) ? podSpec.volumes.filter(isObject) : []) {
      if (isObject(volume.configMap)) rename("ConfigMap", volume.configMap, "name");
      if (isObject(volume.persistentVolumeClaim))
        rename("PersistentVolumeClaim", volume.persistentVolumeClaim, "claimName");
    }
    for (const container of containersOf(object)) {
      for (const source of Array.isArray(container.envFrom) ? container.envFrom.filter(isObject) : []) {
        if (isObject(source.configMapRef)) rename("ConfigMap", source.configMapRef, "name");
      }
      for (const variable of Array.isArray(container.env) ? container.env.filter(isObject) : []) {
        const ref = at(variable, ["valueFrom", "configMapKeyRef"]);
        if (ref) rename("ConfigMap", ref, "name");
      }
    }
  }
  if (object.kind === "RoleBinding" || object.kind === "ClusterRoleBinding") {
    if (isObject(object.roleRef)) rename(String(object.roleRef.kind), object.roleRef, "name");
    for (const subject of Array.isArray(object.subjects) ? object.subjects.filter(isObject) : []) {
      if (subject.kind === "ServiceAccount") rename("ServiceAccount", subject, "name");
    }
  }
  if (object.kind === "Ingress") {
    const visit = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(visit);
      else if (isObject(value)) {
        if (isObject(value.service)) rename("Service", value.service, "name");
        Object.values(value).forEach(visit);
      }
    };
    visit(object.spec);
  }
}

export function declaredKubernetes(
  files: ReadonlyMap<string, string>,
  input: KubernetesInput,
): DeclaredState {
  const dir = normalizeFolder(input.path);
  if (dir === undefined) {
    return {
      kind: "kubernetes",
      resources: [],
      opaque: [],
      warnings: [`${input.path} is not a folder of the repository`],
    };
  }
  const build = new Build(files);
  const objects = build.folder(dir, 0);
  if (objects.length === 0) build.warnings.push(`no Kubernetes manifests in ${dir || "the repository root"}`);
  const resources: DeclaredResource[] = [];
  const seen = new Set<string>();
  const namespaces = new Set<string>();
  for (const { object, file } of objects) {
    const metadata = at(object, ["metadata"]);
    const { kind, apiVersion } = object;
    if (typeof kind !== "string" || typeof apiVersion !== "string" || typeof metadata?.name !== "string")
      continue;
    const namespace = CLUSTER_SCOPED_KINDS.has(kind)
      ? ""
      : typeof metadata.namespace === "string"
        ? metadata.namespace
        : "default";
    const key = kubernetesKey(apiVersion, kind, namespace, metadata.name);
    if (seen.has(key)) {
      build.warnings.push(`${kind} ${kubernetesAddress(namespace, metadata.name)} is declared twice`);
      continue;
    }
    seen.add(key);
    namespaces.add(namespace);
    resources.push({
      address: kubernetesAddress(namespace, metadata.name),
      type: `${apiVersion}/${kind}`,
      key,
      attributes: comparedAttributes(maskSecrets(object)),
      unknown: [],
      file,
    });
  }
  // Generated ConfigMaps and Secrets are named `<name>-<hash>` in every namespace deployed to.
  const opaque = build.opaque.flatMap((name) =>
    [...namespaces].map((namespace) => `${kubernetesAddress(namespace, name)}-`),
  );
  return { kind: "kubernetes", resources, opaque, warnings: [...build.warnings] };
}
