// The typed model of Kubernetes manifests: every object of every `---` document (and of `List`
// items) with its position, and for workloads the pod spec and its containers, with the pod-level
// securityContext kept beside each container so rules resolve inheritance in one place.
import { type ParseResult, parsed, skipped } from "../../analyzer.ts";
import {
  childOf,
  entryOf,
  parseYamlTrees,
  type YamlEntry,
  type YamlMap,
  type YamlNode,
} from "../../parse/yaml-tree.ts";
import type { SourceFile, Span } from "../../source.ts";

export type { YamlEntry, YamlMap, YamlNode };
export { childOf, entryOf };

export interface K8sObject {
  kind: string;
  apiVersion: string;
  name: string;
  /** The `namespace` entry of metadata, when written. */
  namespaceEntry?: YamlEntry;
  /** The object's first line (its first key) and its root mapping. */
  line: number;
  column: number;
  root: YamlMap;
  metadata?: YamlMap;
}

export type ContainerKind = "containers" | "initContainers" | "ephemeralContainers";

export interface Container {
  kind: ContainerKind;
  name: string;
  node: YamlMap;
  /** The item's first line (`- name: app`): where a missing setting is reported. */
  line: number;
  column: number;
  securityContext?: YamlMap;
}

export interface Workload {
  object: K8sObject;
  /** The pod spec mapping (spec, spec.template.spec, or spec.jobTemplate.spec.template.spec). */
  podSpec: YamlMap;
  /** The key that holds the pod spec: where a missing pod-level setting is reported. */
  podSpecSpan: Span;
  /** Pod template metadata (annotations such as AppArmor), or the Pod's own metadata. */
  podMetadata?: YamlMap;
  podSecurityContext?: YamlMap;
  containers: Container[];
  /** Jobs and CronJobs run to completion: liveness and readiness probes do not apply. */
  isBatch: boolean;
  /** `spec.os.name: windows`: Linux-only settings (capabilities, seccomp, runAsNonRoot…) do not apply. */
  isWindows: boolean;
}

export interface K8sModel {
  objects: K8sObject[];
  workloads: Workload[];
}

// --- Values -------------------------------------------------------------------------------------

/** Values a template engine will fill in later (`{{ .Values.x }}`, `${VAR}`): unknown, never flagged. */
export function isTemplated(text: string): boolean {
  return text.includes("{{") || /\$\{[^}]*\}/.test(text);
}

export function stringOf(node: YamlNode | undefined): string | undefined {
  if (node?.kind !== "scalar" || node.value === null) return undefined;
  const text = String(node.value);
  return isTemplated(text) ? undefined : text;
}

/**
 * A boolean as the API server reads it: Kubernetes decodes YAML 1.1-style, so an unquoted
 * `yes`/`on` is true and `no`/`off` false. Quoted strings and anything else are undefined.
 */
export function booleanOf(node: YamlNode | undefined): boolean | undefined {
  if (node?.kind !== "scalar") return undefined;
  if (typeof node.value === "boolean") return node.value;
  if (typeof node.value !== "string" || node.style !== "plain") return undefined;
  if (/^(?:y|Y|yes|Yes|YES|on|On|ON|true|True|TRUE)$/.test(node.value)) return true;
  if (/^(?:n|N|no|No|NO|off|Off|OFF|false|False|FALSE)$/.test(node.value)) return false;
  return undefined;
}

export function numberOf(node: YamlNode | undefined): number | undefined {
  if (node?.kind !== "scalar") return undefined;
  if (typeof node.value === "number") return node.value;
  return undefined;
}

export function itemsOf(node: YamlNode | undefined): YamlNode[] {
  return node?.kind === "seq" ? node.items : [];
}

export function keySpan(entry: YamlEntry): Span {
  return { line: entry.keyLine, column: entry.keyColumn };
}

export function spanOf(node: { line: number; column: number }): Span {
  return { line: node.line, column: node.column };
}

/** A container setting, falling back to the pod's securityContext for the fields that inherit. */
export function effectiveSecurityEntry(
  workload: Workload,
  container: Container,
  key: string,
): { entry: YamlEntry; level: "container" | "pod" } | undefined {
  const own = entryOf(container.securityContext, key);
  if (own) return { entry: own, level: "container" };
  const inherited = entryOf(workload.podSecurityContext, key);
  return inherited ? { entry: inherited, level: "pod" } : undefined;
}

/** A fix replacing a literal scalar; undefined when the value is not a plain literal. */
export function replaceScalarFix(
  file: SourceFile,
  node: YamlNode,
  text: string,
  description: string,
): { description: string; edits: { start: number; end: number; text: string }[] } | undefined {
  // An anchored value is also every alias to it: rewriting it would change other resources.
  if (node.kind !== "scalar" || node.tag !== undefined || node.anchored || node.end <= node.start)
    return undefined;
  return {
    description,
    edits: [{ start: file.byteOffsetOfIndex(node.start), end: file.byteOffsetOfIndex(node.end), text }],
  };
}

// --- Parse --------------------------------------------------------------------------------------

const HELM = /\{\{-?\s*[.$a-zA-Z/(]/;

function objectOf(root: YamlMap): K8sObject | undefined {
  const kind = stringOf(childOf(root, "kind"));
  const apiVersion = stringOf(childOf(root, "apiVersion"));
  if (!kind || !apiVersion) return undefined;
  const metadata = childOf(root, "metadata");
  const namespaceEntry = entryOf(metadata, "namespace");
  return {
    kind,
    apiVersion,
    name: stringOf(childOf(metadata, "name")) ?? "",
    ...(namespaceEntry ? { namespaceEntry } : {}),
    line: root.line,
    column: root.column,
    root,
    ...(metadata?.kind === "map" ? { metadata } : {}),
  };
}

const CONTAINER_KINDS: ContainerKind[] = ["containers", "initContainers", "ephemeralContainers"];

function workloadOf(object: K8sObject): Workload | undefined {
  const spec = childOf(object.root, "spec");
  let podSpecEntry: YamlEntry | undefined;
  let podMetadata: YamlNode | undefined;
  switch (object.kind) {
    case "Pod":
      podSpecEntry = entryOf(object.root, "spec");
      podMetadata = object.metadata;
      break;
    case "PodTemplate":
      podSpecEntry = entryOf(childOf(object.root, "template"), "spec");
      podMetadata = childOf(childOf(object.root, "template"), "metadata");
      break;
    case "Deployment":
    case "StatefulSet":
    case "DaemonSet":
    case "ReplicaSet":
    case "ReplicationController":
    case "Job":
      podSpecEntry = entryOf(childOf(spec, "template"), "spec");
      podMetadata = childOf(childOf(spec, "template"), "metadata");
      break;
    case "CronJob": {
      const template = childOf(childOf(childOf(spec, "jobTemplate"), "spec"), "template");
      podSpecEntry = entryOf(template, "spec");
      podMetadata = childOf(template, "metadata");
      break;
    }
    default:
      return undefined;
  }
  const podSpec = podSpecEntry?.value;
  if (!podSpecEntry || podSpec?.kind !== "map") return undefined;
  const podSecurityContext = childOf(podSpec, "securityContext");
  const containers: Container[] = [];
  for (const kind of CONTAINER_KINDS) {
    for (const item of itemsOf(childOf(podSpec, kind))) {
      if (item.kind !== "map") continue;
      const securityContext = childOf(item, "securityContext");
      containers.push({
        kind,
        name: stringOf(childOf(item, "name")) ?? "",
        node: item,
        line: item.line,
        column: item.column,
        ...(securityContext?.kind === "map" ? { securityContext } : {}),
      });
    }
  }
  return {
    object,
    podSpec,
    podSpecSpan: keySpan(podSpecEntry),
    ...(podMetadata?.kind === "map" ? { podMetadata } : {}),
    ...(podSecurityContext?.kind === "map" ? { podSecurityContext } : {}),
    containers,
    isBatch: object.kind === "Job" || object.kind === "CronJob",
    isWindows: stringOf(childOf(childOf(podSpec, "os"), "name")) === "windows",
  };
}

export function parseKubernetes(file: SourceFile): ParseResult<K8sModel> {
  const trees = parseYamlTrees(file);
  if (!trees.ok) {
    // Go templates are not YAML until Helm renders them; say so rather than report a syntax error.
    if (HELM.test(file.text)) return skipped("Helm template (not valid YAML)");
    return skipped(trees.reason);
  }
  const objects: K8sObject[] = [];
  const pending = [...trees.documents];
  while (pending.length > 0) {
    const root = pending.shift()!;
    if (root.kind !== "map") continue;
    const object = objectOf(root);
    if (!object) continue;
    if (object.kind === "List" || object.kind.endsWith("List")) {
      pending.unshift(...itemsOf(childOf(root, "items")));
      continue;
    }
    objects.push(object);
  }
  const workloads = objects
    .map(workloadOf)
    .filter((workload): workload is Workload => workload !== undefined);
  return parsed({ objects, workloads });
}
