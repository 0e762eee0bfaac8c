// yarn.lock, classic (v1) and Berry (yarn 2-4, `__metadata.version` 4-8), both read by
// @yarnpkg/parsers. Entries are keyed by descriptors (`name@range`, several per entry); edges
// between entries and the package.json files of the project decide direct and dev.
import { createRequire } from "node:module";
import {
  asRecord,
  asString,
  describeError,
  failure,
  isPlainVersion,
  isRecord,
  type ManifestParser,
  PackageCollector,
  type ReadSibling,
  reachability,
  readJsonSibling,
  splitLines,
  unrequiredNodes,
} from "./common.ts";
import { declaredBy } from "./package-json.ts";

// Required on the first yarn.lock, not imported: its 64 modules were most of what the sca
// analyzer loaded at start, for a format most repositories do not have (CommonJS: `require` is sync).
let symlParser: typeof import("@yarnpkg/parsers").parseSyml | undefined;
function parseSyml(text: string): unknown {
  symlParser ??= (createRequire(import.meta.url)("@yarnpkg/parsers") as typeof import("@yarnpkg/parsers"))
    .parseSyml;
  return symlParser(text);
}

const MAX_BERRY_VERSION = 8;

/** `@scope/name@range` → [`@scope/name`, `range`]. */
export function splitDescriptor(descriptor: string): [string, string] {
  const at = descriptor.indexOf("@", 1);
  return at === -1 ? [descriptor, ""] : [descriptor.slice(0, at), descriptor.slice(at + 1)];
}

interface Entry {
  line: number;
  descriptors: string[];
  fields: Record<string, unknown>;
}

/** Top-level keys and their lines: `"a@^1", a@^1.2:` declares two descriptors on one line. */
function entryLines(text: string): Map<string, number> {
  const lines = new Map<string, number>();
  splitLines(text).forEach((line, index) => {
    if (line === "" || line.startsWith("#") || line.startsWith(" ") || !line.trimEnd().endsWith(":")) return;
    for (const descriptor of line.trimEnd().slice(0, -1).split(/,\s*/)) {
      lines.set(descriptor.replace(/^"|"$/g, ""), index + 1);
    }
  });
  return lines;
}

export const parseYarnLock: ManifestParser = (path, text, readSibling) => {
  let data: Record<string, unknown>;
  try {
    data = asRecord(parseSyml(text));
  } catch (error) {
    return failure(path, `invalid yarn.lock: ${describeError(error)}`);
  }
  const berry = isRecord(data.__metadata);
  if (berry) {
    const version = Number(asRecord(data.__metadata).version);
    if (!Number.isInteger(version) || version < 1 || version > MAX_BERRY_VERSION) {
      return failure(
        path,
        `unsupported yarn.lock __metadata.version ${String(asRecord(data.__metadata).version)}`,
      );
    }
  } else if (!/^# yarn lockfile v1\s*$/m.test(text) && Object.keys(data).length > 0) {
    return failure(path, "not a yarn.lock (neither a `# yarn lockfile v1` header nor `__metadata`)");
  }

  const lines = entryLines(text);
  const entries = new Map<number, Entry>();
  for (const [key, fields] of Object.entries(data)) {
    if (key === "__metadata" || !isRecord(fields)) continue;
    const descriptors = key.split(/,\s*/);
    const line = lines.get(descriptors[0]!) ?? 1;
    const entry = entries.get(line);
    if (entry) entry.descriptors.push(...descriptors);
    else entries.set(line, { line, descriptors, fields });
  }

  const nodeOf = new Map<string, number>();
  for (const entry of entries.values())
    for (const descriptor of entry.descriptors) nodeOf.set(descriptor, entry.line);
  const descriptorKey = (name: string, range: string): string => {
    if (!berry || /^[a-z]+:/.test(range)) return `${name}@${range}`;
    return `${name}@npm:${range}`;
  };
  const edges = new Map<string, string[]>();
  for (const entry of entries.values()) {
    const targets: string[] = [];
    for (const field of ["dependencies", "optionalDependencies"]) {
      for (const [name, range] of Object.entries(asRecord(entry.fields[field]))) {
        const target = nodeOf.get(descriptorKey(name, String(range)));
        if (target !== undefined) targets.push(String(target));
      }
    }
    edges.set(String(entry.line), targets);
  }

  const collector = new PackageCollector("npm", path);
  const roots = directRoots(path, berry, entries, readSibling, collector);
  const toNodes = (descriptors: Set<string>): string[] =>
    [...descriptors].flatMap((descriptor) => {
      const node = nodeOf.get(descriptor);
      return node === undefined ? [] : [String(node)];
    });
  let prodRoots: Set<string>;
  let devRoots: Set<string>;
  if (roots === undefined) {
    collector.warn(
      "no package.json beside the lockfile: direct dependencies inferred from the dependency graph",
    );
    prodRoots = unrequiredNodes(edges.keys(), edges);
    devRoots = new Set();
  } else {
    prodRoots = new Set(toNodes(roots.prod));
    devRoots = new Set(toNodes(roots.dev));
  }
  const reach = reachability(edges, prodRoots, devRoots);

  for (const entry of entries.values()) {
    const resolved = resolvedPackage(entry, berry);
    if (resolved === "workspace") continue;
    if (typeof resolved === "string") {
      collector.warn(resolved);
      continue;
    }
    const node = String(entry.line);
    collector.add({
      name: resolved.name,
      version: resolved.version,
      direct: prodRoots.has(node) || devRoots.has(node),
      dev: !reach.prod.has(node) && reach.dev.has(node),
      line: entry.line,
    });
  }
  return collector.finish();
};

/** The registry package an entry installs, "workspace" for the project's own, or why it is skipped. */
function resolvedPackage(
  entry: Entry,
  berry: boolean,
): { name: string; version: string } | "workspace" | string {
  const version = asString(entry.fields.version) ?? "";
  if (berry) {
    const resolution = asString(entry.fields.resolution) ?? entry.descriptors[0]!;
    const [name, reference] = splitDescriptor(resolution);
    const protocol = /^([a-z]+):/.exec(reference)?.[1] ?? "";
    if (protocol === "workspace") return "workspace";
    // A patched package is still that registry version; its vulnerabilities are the original's.
    if ((protocol === "npm" || protocol === "patch") && isPlainVersion(version)) return { name, version };
    return `${name}: not from the registry (${reference}), skipped`;
  }
  const [key, range] = splitDescriptor(entry.descriptors[0]!);
  const name = range.startsWith("npm:") ? splitDescriptor(range.slice(4))[0] : key;
  const source = asString(entry.fields.resolved) ?? "";
  if (
    /^(file|link|git|github|git\+[a-z]+|https?):/.test(range) ||
    (!range.startsWith("npm:") && range.includes("/")) ||
    !isPlainVersion(version)
  ) {
    if (source === "" && /^(file|link):/.test(range)) return "workspace";
    return `${name}: not from the registry (${range}), skipped`;
  }
  return { name, version };
}

/** Descriptors (`name@range`) the project's package.json files declare, split into prod and dev. */
function directRoots(
  path: string,
  berry: boolean,
  entries: Map<number, Entry>,
  readSibling: ReadSibling | undefined,
  collector: PackageCollector,
): { prod: Set<string>; dev: Set<string> } | undefined {
  const prod = new Set<string>();
  const dev = new Set<string>();
  const addManifest = (manifest: Record<string, unknown>): void => {
    const declared = declaredBy(manifest);
    for (const field of ["dependencies", "optionalDependencies", "peerDependencies", "devDependencies"]) {
      for (const [name, range] of Object.entries(asRecord(manifest[field]))) {
        const descriptor = `${name}@${String(range)}`;
        if (declared.prod.has(name) && field !== "devDependencies") prod.add(descriptor);
        else dev.add(descriptor);
      }
    }
  };
  let found = false;
  if (berry) {
    // Workspace entries list every dependency in lockfile form; the workspace's package.json says which are dev.
    for (const entry of entries.values()) {
      const [, reference] = splitDescriptor(asString(entry.fields.resolution) ?? "");
      if (!reference.startsWith("workspace:")) continue;
      found = true;
      const folder = reference.slice("workspace:".length);
      const manifest = readJsonSibling(readSibling, path, `${folder}/package.json`);
      const declared = manifest === undefined ? undefined : declaredBy(manifest);
      if (declared === undefined)
        collector.warn(`no ${folder}/package.json: its dev dependencies are reported as prod`);
      for (const [name, range] of Object.entries(asRecord(entry.fields.dependencies))) {
        const isDev = declared?.dev.has(name) === true && !declared.prod.has(name);
        (isDev ? dev : prod).add(`${name}@${String(range)}`);
      }
    }
    return found ? { prod, dev } : undefined;
  }
  const root = readJsonSibling(readSibling, path, "package.json");
  if (root === undefined) return undefined;
  addManifest(root);
  const workspaces = Array.isArray(root.workspaces) ? root.workspaces : asRecord(root.workspaces).packages;
  for (const folder of Array.isArray(workspaces) ? workspaces : []) {
    if (typeof folder !== "string") continue;
    const manifest = folder.includes("*")
      ? undefined
      : readJsonSibling(readSibling, path, `${folder}/package.json`);
    if (manifest) addManifest(manifest);
    else collector.warn(`workspace ${folder}: package.json not read, its direct dependencies are not marked`);
  }
  return { prod, dev };
}
