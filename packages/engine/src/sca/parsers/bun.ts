// bun.lock, the text lockfile of Bun 1.1+ (JSONC: trailing commas), lockfileVersion 0 and 1.
// `packages` is keyed by install path (`send/ms` is the `ms` nested under `send`); each value is
// `[ "name@version", registry, { dependencies, … }, integrity ]`. The binary bun.lockb cannot be
// read (its layout is Bun's in-memory one, undocumented and changed between releases): it gets a
// per-file reason saying how to write the text lockfile instead.
import {
  asRecord,
  asString,
  describeError,
  failure,
  isPlainVersion,
  isRecord,
  type ManifestParser,
  PackageCollector,
  reachability,
} from "./common.ts";
import { bunLockbReason } from "./formats.ts";
import { type PositionedJson, parsePositionedJson } from "./positioned-json.ts";

/** `a/@s/b/c` → [`a`, `@s/b`, `c`]. */
function pathNames(key: string): string[] {
  const names: string[] = [];
  const parts = key.split("/");
  for (let index = 0; index < parts.length; index++) {
    const part = parts[index]!;
    if (part.startsWith("@") && index + 1 < parts.length) names.push(`${part}/${parts[++index]}`);
    else names.push(part);
  }
  return names;
}

export const parseBunLock: ManifestParser = (path, text) => {
  let json: PositionedJson;
  try {
    json = parsePositionedJson(text, { jsonc: true });
  } catch (error) {
    return failure(path, `invalid JSONC: ${describeError(error)}`);
  }
  const lock = asRecord(json.value);
  const version = lock.lockfileVersion;
  if (version !== 0 && version !== 1)
    return failure(path, `unsupported lockfileVersion ${JSON.stringify(version)}`);
  if (!isRecord(lock.packages)) return failure(path, 'no "packages"');
  const packages = lock.packages;

  // Node resolution: the nearest copy nested under the requiring package's path, else the hoisted one.
  const resolve = (fromNames: string[], name: string): string | undefined => {
    for (let depth = fromNames.length; depth >= 0; depth--) {
      const candidate = [...fromNames.slice(0, depth), name].join("/");
      if (candidate in packages) return candidate;
    }
    return undefined;
  };
  const edges = new Map<string, string[]>();
  for (const [key, value] of Object.entries(packages)) {
    const metadata = asRecord(Array.isArray(value) ? value.find(isRecord) : undefined);
    const targets: string[] = [];
    for (const field of ["dependencies", "optionalDependencies"]) {
      for (const name of Object.keys(asRecord(metadata[field]))) {
        const target = resolve(pathNames(key), name);
        if (target !== undefined) targets.push(target);
      }
    }
    edges.set(key, targets);
  }

  const prodRoots = new Set<string>();
  const devRoots = new Set<string>();
  for (const [folder, workspace] of Object.entries(asRecord(lock.workspaces))) {
    const workspaceName = asString(asRecord(workspace).name);
    const from = folder === "" || workspaceName === undefined ? [] : [workspaceName];
    for (const field of ["dependencies", "optionalDependencies", "peerDependencies", "devDependencies"]) {
      for (const name of Object.keys(asRecord(asRecord(workspace)[field]))) {
        const target = resolve(from, name);
        if (target !== undefined) (field === "devDependencies" ? devRoots : prodRoots).add(target);
      }
    }
  }
  const reach = reachability(edges, prodRoots, devRoots);

  const collector = new PackageCollector("npm", path);
  for (const [key, value] of Object.entries(packages)) {
    const resolution = Array.isArray(value) ? asString(value[0]) : undefined;
    const at = resolution?.lastIndexOf("@") ?? -1;
    if (resolution === undefined || at <= 0) {
      collector.warn(`${key}: unreadable entry, skipped`);
      continue;
    }
    const name = resolution.slice(0, at);
    const version = resolution.slice(at + 1);
    if (version.startsWith("workspace:")) continue;
    if (!isPlainVersion(version)) {
      collector.warn(`${name}: not from the registry (${version}), skipped`);
      continue;
    }
    collector.add({
      name,
      version,
      direct: prodRoots.has(key) || devRoots.has(key),
      dev: !reach.prod.has(key) && reach.dev.has(key),
      line: json.lineOf(packages, key) ?? 1,
    });
  }
  return collector.finish();
};

/** bun.lockb: nothing to read; a reason that says how to get bun.lock, unless it is already there. */
export const parseBunLockb: ManifestParser = (path, _text, readSibling) => {
  const reason = bunLockbReason(path, readSibling);
  return reason.startsWith("binary lockfile not read")
    ? { ok: true, packages: [], warnings: [reason] }
    : failure(path, reason);
};
