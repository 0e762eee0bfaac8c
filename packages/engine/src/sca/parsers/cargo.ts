// Cargo.lock v1 (with [metadata] checksums), v2 (implicit), v3 and v4 (`version = N`). Crates
// without a `source` are the workspace's own; their dependencies are the direct ones. Cargo.lock
// does not separate dev-dependencies, so `dev` is always false.

import {
  asRecord,
  asString,
  describeError,
  failure,
  type ManifestParser,
  PackageCollector,
  splitLines,
} from "./common.ts";
import { parseToml } from "./toml.ts";

export const parseCargoLock: ManifestParser = (path, text) => {
  let lock: Record<string, unknown>;
  try {
    lock = parseToml(text) as Record<string, unknown>;
  } catch (error) {
    return failure(path, `invalid TOML: ${describeError(error)}`);
  }
  const version = lock.version ?? 1;
  if (version !== 1 && version !== 2 && version !== 3 && version !== 4) {
    return failure(path, `unsupported Cargo.lock version ${JSON.stringify(version)}`);
  }
  const entries = (Array.isArray(lock.package) ? lock.package : []).map(asRecord);
  const nameLines: number[] = [];
  let inPackage = false;
  splitLines(text).forEach((line, index) => {
    if (line.startsWith("[")) inPackage = line.trim() === "[[package]]";
    else if (inPackage && /^name\s*=/.test(line)) {
      nameLines.push(index + 1);
      inPackage = false;
    }
  });
  // `name`, `name version` or `name version (source)`: a dependency of a workspace crate is direct.
  const direct = new Set<string>();
  for (const entry of entries) {
    if (entry.source !== undefined) continue;
    for (const dependency of Array.isArray(entry.dependencies) ? entry.dependencies : []) {
      const [name, depVersion] = String(dependency).split(" ");
      direct.add(depVersion === undefined ? `${name}` : `${name} ${depVersion}`);
    }
  }
  const collector = new PackageCollector("crates.io", path);
  entries.forEach((entry, index) => {
    const name = asString(entry.name);
    const crateVersion = asString(entry.version);
    const source = asString(entry.source);
    if (name === undefined || crateVersion === undefined || source === undefined) return;
    if (!source.startsWith("registry+") && !source.startsWith("sparse+")) {
      collector.warn(`${name}: not from a registry (${source.split("#")[0]}), skipped`);
      return;
    }
    if (!/crates\.io/.test(source))
      collector.warn(`${name}: from another registry (${source}), matched as crates.io`);
    collector.add({
      name,
      version: crateVersion,
      direct: direct.has(`${name} ${crateVersion}`) || direct.has(name),
      dev: false,
      line: nameLines[index] ?? 1,
    });
  });
  return collector.finish();
};
