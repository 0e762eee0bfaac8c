// package-lock.json, npm-shrinkwrap.json and npm's hidden node_modules/.package-lock.json,
// lockfileVersion 1 (nested `dependencies` tree) and 2/3 (flat `packages` keyed by node_modules
// path, root and workspace entries giving direct deps).
import {
  asRecord,
  asString,
  basename,
  describeError,
  failure,
  isPlainVersion,
  isRecord,
  type ManifestParser,
  PackageCollector,
  readJsonSibling,
  recordKeys,
  unrequiredNodes,
} from "./common.ts";
import { type DeclaredDependencies, declaredBy } from "./package-json.ts";
import { type PositionedJson, parsePositionedJson } from "./positioned-json.ts";

/** `npm:real-name@1.2.3` (an alias) → the real name and version. */
function unalias(name: string, version: string): { name: string; version: string } {
  if (!version.startsWith("npm:")) return { name, version };
  const spec = version.slice(4);
  const at = spec.lastIndexOf("@");
  return at > 0 ? { name: spec.slice(0, at), version: spec.slice(at + 1) } : { name, version: spec };
}

export const parseNpmLock: ManifestParser = (path, text, readSibling) => {
  let json: PositionedJson;
  try {
    json = parsePositionedJson(text);
  } catch (error) {
    return failure(path, `invalid JSON: ${describeError(error)}`);
  }
  if (!isRecord(json.value)) return failure(path, "not a package-lock object");
  const lock = json.value;
  const version = lock.lockfileVersion;
  if (version === undefined) return failure(path, "no lockfileVersion");
  if (version !== 1 && version !== 2 && version !== 3)
    return failure(path, `unsupported lockfileVersion ${JSON.stringify(version)}`);
  if (isRecord(lock.packages)) {
    // npm's hidden lockfile (node_modules/.package-lock.json) has no root entry: the project's
    // package.json, one folder up, says what is direct.
    const hiddenRoot =
      basename(path) === ".package-lock.json" && !("" in lock.packages)
        ? readJsonSibling(readSibling, path, "../package.json")
        : undefined;
    return parsePackages(path, lock.packages, json, hiddenRoot);
  }
  if (version !== 1) return failure(path, `lockfileVersion ${version} without "packages"`);
  return parseDependencyTree(path, lock, json, readJsonSibling(readSibling, path, "package.json"));
};

function parsePackages(
  path: string,
  packages: Record<string, unknown>,
  json: PositionedJson,
  rootManifest: Record<string, unknown> | undefined,
) {
  // Since lockfileVersion 2 each entry copies its package.json's licence; v1 had no such field.
  const collector = new PackageCollector("npm", path, { recordsLicenses: true });
  // The root ("") and workspace folders declare direct dependencies for the node_modules beside them.
  const declaredByFolder = new Map<string, DeclaredDependencies>();
  if (rootManifest !== undefined) declaredByFolder.set("", declaredBy(rootManifest));
  for (const [key, entry] of Object.entries(packages)) {
    if (!key.includes("node_modules/") && isRecord(entry)) declaredByFolder.set(key, declaredBy(entry));
  }
  for (const [key, rawEntry] of Object.entries(packages)) {
    const marker = key.lastIndexOf("node_modules/");
    if (marker === -1 || !isRecord(rawEntry)) continue; // the project itself or a workspace folder
    const entry = rawEntry;
    if (entry.link === true) continue; // a symlink to a workspace folder, listed under its own key
    const folderName = key.slice(marker + "node_modules/".length);
    const name = asString(entry.name) ?? folderName;
    const version = asString(entry.version);
    const line = json.lineOf(packages, key) ?? 1;
    const resolved = asString(entry.resolved);
    if (
      version === undefined ||
      !isPlainVersion(version) ||
      (resolved !== undefined && !/^https?:/.test(resolved))
    ) {
      collector.warn(`${name}: not from the registry (${resolved ?? version ?? "no version"}), skipped`);
      continue;
    }
    // Direct: installed right under the root or a workspace (hoisted: under the root for all of them).
    // A workspace's dependency is hoisted to the root unless the workspace needs another version.
    const parent = key.slice(0, marker).replace(/\/$/, "");
    const declares = (folder: string): boolean => {
      const deps = declaredByFolder.get(folder);
      return deps !== undefined && (deps.prod.has(folderName) || deps.dev.has(folderName));
    };
    const direct =
      parent === ""
        ? [...declaredByFolder.keys()].some(
            (folder) =>
              declares(folder) && (folder === "" || !(`${folder}/node_modules/${folderName}` in packages)),
          )
        : declares(parent);
    const license = licenseField(entry.license);
    collector.add({
      name,
      version,
      direct,
      // devOptional packages are installed by `npm install --omit=dev` when optional ones are, so: prod.
      dev: entry.dev === true,
      line,
      ...(license === undefined ? {} : { license }),
    });
  }
  return collector.finish();
}

function licenseField(value: unknown): string | string[] | undefined {
  if (typeof value === "string") return value;
  if (isRecord(value)) return asString(value.type); // the deprecated { type, url } form
  if (Array.isArray(value))
    return value.map((item) => (isRecord(item) ? asString(item.type) : asString(item)) ?? "");
  return undefined;
}

/** lockfileVersion 1: a tree of `dependencies`, each entry nesting the copies only it can see. */
function parseDependencyTree(
  path: string,
  lock: Record<string, unknown>,
  json: PositionedJson,
  manifest: Record<string, unknown> | undefined,
) {
  const collector = new PackageCollector("npm", path);
  const top = asRecord(lock.dependencies);
  let isDirect: (name: string) => boolean;
  if (manifest !== undefined) {
    const declared = declaredBy(manifest);
    isDirect = (name) => declared.prod.has(name) || declared.dev.has(name);
  } else {
    // Without package.json: a top-level package that no other package requires must be direct.
    const edges = new Map<string, string[]>();
    const visit = (dependencies: Record<string, unknown>): void => {
      for (const [name, entry] of Object.entries(dependencies)) {
        edges.set(name, [...(edges.get(name) ?? []), ...recordKeys(asRecord(entry).requires)]);
        visit(asRecord(asRecord(entry).dependencies));
      }
    };
    visit(top);
    const roots = unrequiredNodes(Object.keys(top), edges);
    isDirect = (name) => roots.has(name);
    collector.warn(
      "no package.json beside the lockfile: direct dependencies inferred from the dependency graph",
    );
  }
  const stack: Array<{ dependencies: Record<string, unknown>; topLevel: boolean }> = [
    { dependencies: top, topLevel: true },
  ];
  while (stack.length > 0) {
    const { dependencies, topLevel } = stack.pop()!;
    for (const [key, rawEntry] of Object.entries(dependencies)) {
      if (!isRecord(rawEntry)) continue;
      const declaredVersion = asString(rawEntry.version);
      const line = json.lineOf(dependencies, key) ?? 1;
      if (isRecord(rawEntry.dependencies))
        stack.push({ dependencies: rawEntry.dependencies, topLevel: false });
      if (declaredVersion === undefined) continue;
      const { name, version } = unalias(key, declaredVersion);
      if (!isPlainVersion(version)) {
        collector.warn(`${name}: not from the registry (${version}), skipped`);
        continue;
      }
      collector.add({ name, version, direct: topLevel && isDirect(key), dev: rawEntry.dev === true, line });
    }
  }
  const packages = collector.finish();
  if (packages.ok) packages.packages.sort((a, b) => a.location.line - b.location.line);
  return packages;
}
