// Julia's Manifest.toml (also JuliaManifest.toml and the versioned `Manifest-v1.11.toml`):
// format 2.0 keeps every package under `[[deps.Name]]`, format 1 (Julia 1.0-1.6) as a top-level
// `[[Name]]`. Each entry has a `uuid`, a `version` (absent for the standard library, which ships
// with Julia and is skipped silently) and its `deps`. Packages tracked from a local `path` or a
// git `repo-url` are not registry releases and are skipped with a warning. Direct and test-only
// dependencies come from the Project.toml beside the manifest (`[deps]`, and `[extras]` named by
// `[targets]`); without it, direct ones are the packages nothing else depends on.

import {
  asRecord,
  asString,
  basename,
  describeError,
  failure,
  isRecord,
  type ManifestParser,
  PackageCollector,
  type ReadSibling,
  reachability,
  resolveSibling,
  splitLines,
  unrequiredNodes,
} from "./common.ts";
import { parseToml } from "./toml.ts";

interface ManifestEntry {
  name: string;
  entry: Record<string, unknown>;
  line: number;
}

/** The line of each `[[deps.Name]]` (or format 1's `[[Name]]`) header, per name, in file order. */
function headerLines(text: string, prefix: string): Map<string, number[]> {
  const byName = new Map<string, number[]>();
  const header = new RegExp(`^\\[\\[\\s*${prefix}(?:"([^"\\n]+)"|([\\w.-]+))\\s*\\]\\]`);
  splitLines(text).forEach((line, index) => {
    const match = header.exec(line);
    if (!match) return;
    const name = match[1] ?? match[2]!;
    byName.set(name, [...(byName.get(name) ?? []), index + 1]);
  });
  return byName;
}

/** A package's dependency names: `deps = ["A", "B"]`, or a table when two deps share a name. */
function dependencyNames(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === "string");
  return isRecord(value) ? Object.keys(value) : [];
}

function readProject(
  readSibling: ReadSibling | undefined,
  path: string,
): Record<string, unknown> | undefined {
  const names = basename(path).startsWith("Julia")
    ? ["JuliaProject.toml", "Project.toml"]
    : ["Project.toml", "JuliaProject.toml"];
  for (const name of names) {
    const siblingPath = resolveSibling(path, name);
    const text = siblingPath === undefined ? undefined : readSibling?.(siblingPath);
    if (text === undefined) continue;
    try {
      return parseToml(text) as Record<string, unknown>;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

export const parseJuliaManifest: ManifestParser = (path, text, readSibling) => {
  let manifest: Record<string, unknown>;
  try {
    manifest = parseToml(text) as Record<string, unknown>;
  } catch (error) {
    return failure(path, `invalid TOML: ${describeError(error)}`);
  }
  const format = asString(manifest.manifest_format);
  let packages: Record<string, unknown>;
  let prefix: string;
  if (format !== undefined) {
    if (!/^2\.\d+$/.test(format)) return failure(path, `unsupported manifest_format ${format}`);
    packages = asRecord(manifest.deps);
    prefix = "deps\\.";
  } else {
    // Format 1: every top-level key is a package name holding an array of tables with a uuid.
    packages = Object.fromEntries(
      Object.entries(manifest).filter(
        ([, value]) => Array.isArray(value) && value.some((item) => isRecord(item) && "uuid" in item),
      ),
    );
    prefix = "";
    if (Object.keys(packages).length === 0 && !("julia_version" in manifest))
      return failure(path, "not a Julia Manifest.toml: no manifest_format and no package entries");
  }

  const lines = headerLines(text, prefix);
  const entries: ManifestEntry[] = [];
  const edges = new Map<string, string[]>();
  for (const [name, value] of Object.entries(packages)) {
    const copies = (Array.isArray(value) ? value : [value]).filter(isRecord);
    copies.forEach((entry, index) => {
      entries.push({ name, entry, line: lines.get(name)?.[index] ?? 1 });
      edges.set(name, [...(edges.get(name) ?? []), ...dependencyNames(entry.deps)]);
    });
  }

  const collector = new PackageCollector("Julia", path);
  const project = readProject(readSibling, path);
  let prodRoots: Set<string>;
  let devRoots: Set<string>;
  if (project !== undefined) {
    prodRoots = new Set(Object.keys(asRecord(project.deps)));
    const extras = new Set(Object.keys(asRecord(project.extras)));
    devRoots = new Set(
      Object.values(asRecord(project.targets))
        .flatMap(dependencyNames)
        .filter((name) => extras.has(name) && !prodRoots.has(name)),
    );
  } else {
    prodRoots = unrequiredNodes(Object.keys(packages), edges);
    devRoots = new Set();
    collector.warn(
      "no Project.toml beside the manifest: direct dependencies inferred from the dependency graph",
    );
  }
  const reach = reachability(edges, prodRoots, devRoots);

  for (const { name, entry, line } of entries) {
    const version = asString(entry.version);
    if (entry.path !== undefined) {
      collector.warn(`${name}: tracked from the local path ${String(entry.path)}, skipped`);
      continue;
    }
    if (entry["repo-url"] !== undefined) {
      collector.warn(`${name}: tracked from the git repository ${String(entry["repo-url"])}, skipped`);
      continue;
    }
    if (version === undefined) continue; // the standard library, versioned with Julia itself
    const direct = prodRoots.has(name) || devRoots.has(name);
    const dev = !reach.prod.has(name) && reach.dev.has(name);
    const uuid = asString(entry.uuid);
    collector.add({
      name,
      version,
      direct,
      dev,
      line,
      ...(uuid === undefined ? {} : { purlQualifiers: { uuid } }),
    });
  }
  return collector.finish();
};
