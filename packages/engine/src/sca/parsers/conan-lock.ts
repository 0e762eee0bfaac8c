// conan.lock, both generations. Conan 2 (`"version": "0.5"`): flat `requires`, `build_requires`
// and `python_requires` lists of references. Conan 1 (`"version": "0.4"` and older): a
// `graph_lock.nodes` map with one consumer node (the conanfile): its `requires` are direct, its
// `build_requires` and every `"context": "build"` node are build tools (dev). A reference is
// `name/version[@user/channel][#revision[%timestamp]]` (`pref` in 0.2/0.3 adds `:package_id`).
// Before 0.2, node ids were UUIDs and `requires` mapped each reference to a node id.
import {
  asRecord,
  asString,
  describeError,
  failure,
  isRecord,
  LineIndex,
  type ManifestParser,
  PackageCollector,
} from "./common.ts";
import { type PositionedJson, parsePositionedJson } from "./positioned-json.ts";

const REFERENCE = /^([A-Za-z0-9_][\w.+-]*)\/([^@#/:\s]+)(?:@[^#:]*)?(?::[0-9a-f]*)?(?:#.*)?$/;

function parseReference(reference: string): { name: string; version: string } | undefined {
  const match = REFERENCE.exec(reference.trim());
  return match ? { name: match[1]!, version: match[2]! } : undefined;
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

/** Conan 2: the references are array items, so their lines come from a forward text search. */
function parseV2(path: string, lock: Record<string, unknown>, text: string): ReturnType<ManifestParser> {
  const collector = new PackageCollector("ConanCenter", path);
  const lines = new LineIndex(text);
  let searchFrom = 0;
  const sections = [
    { key: "requires", dev: false },
    { key: "python_requires", dev: false },
    { key: "build_requires", dev: true },
  ];
  for (const { key, dev } of sections) {
    const keyOffset = text.indexOf(`"${key}"`);
    if (keyOffset !== -1) searchFrom = keyOffset;
    for (const reference of stringList(lock[key])) {
      const offset = text.indexOf(JSON.stringify(reference), searchFrom);
      const line = offset === -1 ? 1 : lines.lineAt(offset);
      if (offset !== -1) searchFrom = offset + reference.length;
      const parsed = parseReference(reference);
      if (!parsed) {
        collector.warn(`${reference}: not a name/version reference, skipped`);
        continue;
      }
      // Conan 2 locks the whole graph flat: which entries the conanfile names is not recorded.
      collector.add({ ...parsed, direct: false, dev, line });
    }
  }
  return collector.finish();
}

/** Node ids a node requires: a list of ids, or (before 0.2) a map from reference to node id. */
function requiredIds(value: unknown): string[] {
  if (isRecord(value)) return Object.values(value).filter((item): item is string => typeof item === "string");
  return stringList(value);
}

/**
 * The consumer (the conanfile the lock was made for), which is the project itself, not a
 * package: node "0" from 0.2 on; before, the node that names the conanfile's `path` (0.1) or the
 * one without a package reference (`"pref": null`, 0.0). Its own `test/1.0` reference in 0.1
 * would otherwise be reported as a dependency.
 */
function consumerId(nodes: Record<string, unknown>): string | undefined {
  if (isRecord(nodes["0"])) return "0";
  const entries = Object.entries(nodes).map(([id, value]) => [id, asRecord(value)] as const);
  return (
    entries.find(([, node]) => asString(node.path) !== undefined)?.[0] ??
    entries.find(([, node]) => node.pref === null)?.[0]
  );
}

function parseV1(
  path: string,
  json: PositionedJson,
  nodes: Record<string, unknown>,
): ReturnType<ManifestParser> {
  const collector = new PackageCollector("ConanCenter", path);
  const rootId = consumerId(nodes);
  const root = asRecord(rootId === undefined ? undefined : nodes[rootId]);
  const direct = new Set(requiredIds(root.requires));
  const buildTools = new Set(requiredIds(root.build_requires));
  for (const [id, value] of Object.entries(nodes)) {
    if (id === rootId || !isRecord(value)) continue;
    const reference = asString(value.ref) ?? asString(value.pref);
    if (reference === undefined) continue;
    const parsed = parseReference(reference);
    if (!parsed) {
      collector.warn(`${reference}: not a name/version reference, skipped`);
      continue;
    }
    collector.add({
      ...parsed,
      direct: direct.has(id) || buildTools.has(id),
      dev: buildTools.has(id) || value.context === "build",
      line: json.lineOf(nodes, id) ?? 1,
    });
  }
  return collector.finish();
}

export const parseConanLock: ManifestParser = (path, text) => {
  let json: PositionedJson;
  try {
    json = parsePositionedJson(text);
  } catch (error) {
    return failure(path, `invalid JSON: ${describeError(error)}`);
  }
  const lock = asRecord(json.value);
  const nodes = asRecord(lock.graph_lock).nodes;
  if (isRecord(nodes)) return parseV1(path, json, nodes);
  if (Array.isArray(lock.requires) || Array.isArray(lock.build_requires)) return parseV2(path, lock, text);
  return failure(path, 'not a conan.lock: neither "graph_lock.nodes" (Conan 1) nor "requires" (Conan 2)');
};
