// The TOML lockfiles of Poetry (lock-version 1.x and 2.x), PDM (lock_version 3.x and 4.x) and
// uv (version 1): `[[package]]` tables with name and version. Dev comes from the lockfile where
// it says (Poetry 1.x `category`, Poetry 2.1 and PDM `groups`, uv dev-dependencies of the
// project), otherwise from pyproject.toml and the dependency graph.

import { normalizePythonName } from "../package.ts";
import {
  asRecord,
  asString,
  describeError,
  failure,
  type ManifestParser,
  PackageCollector,
  type ReadSibling,
  reachability,
  splitLines,
  unrequiredNodes,
} from "./common.ts";
import { declaredInPyproject, pep508Name, readTomlSibling } from "./python-project.ts";
import { parseToml } from "./toml.ts";

type Flavour = "poetry" | "pdm" | "uv";

/** The line of each `[[package]]` table's `name = ` key, in file order. */
function packageNameLines(text: string): number[] {
  const lines: number[] = [];
  let inPackage = false;
  splitLines(text).forEach((line, index) => {
    if (line.startsWith("[")) inPackage = line.trim() === "[[package]]";
    else if (inPackage && /^name\s*=/.test(line)) {
      lines.push(index + 1);
      inPackage = false;
    }
  });
  return lines;
}

function versionCheck(flavour: Flavour, lock: Record<string, unknown>): string | undefined {
  const metadata = asRecord(lock.metadata);
  if (flavour === "poetry") {
    const version = asString(metadata["lock-version"]) ?? "1.0";
    return /^[12]\.\d+$/.test(version) ? undefined : `unsupported lock-version ${version}`;
  }
  if (flavour === "pdm") {
    const version = asString(metadata.lock_version);
    return version !== undefined && /^[34]\.\d+(\.\d+)?$/.test(version)
      ? undefined
      : `unsupported lock_version ${version}`;
  }
  return lock.version === 1 ? undefined : `unsupported version ${JSON.stringify(lock.version)}`;
}

/** Names a package depends on: strings (PDM PEP 508), tables (Poetry), or `{ name }` lists (uv). */
function dependencyNames(entry: Record<string, unknown>): string[] {
  const names: string[] = [];
  const dependencies = entry.dependencies;
  if (Array.isArray(dependencies)) {
    for (const item of dependencies) {
      const name = typeof item === "string" ? pep508Name(item) : asString(asRecord(item).name);
      if (name !== undefined) names.push(normalizePythonName(name));
    }
  } else names.push(...Object.keys(asRecord(dependencies)).map(normalizePythonName));
  for (const extra of Object.values(asRecord(entry["optional-dependencies"]))) {
    if (Array.isArray(extra))
      for (const item of extra) names.push(normalizePythonName(asString(asRecord(item).name) ?? ""));
  }
  return names.filter((name) => name !== "");
}

function makeParser(flavour: Flavour): ManifestParser {
  return (path: string, text: string, readSibling?: ReadSibling) => {
    let lock: Record<string, unknown>;
    try {
      lock = parseToml(text) as Record<string, unknown>;
    } catch (error) {
      return failure(path, `invalid TOML: ${describeError(error)}`);
    }
    const problem = versionCheck(flavour, lock);
    if (problem !== undefined) return failure(path, problem);
    const entries = (Array.isArray(lock.package) ? lock.package : []).map(asRecord);
    const lines = packageNameLines(text);
    const collector = new PackageCollector("PyPI", path);

    const edges = new Map<string, string[]>();
    for (const entry of entries)
      edges.set(normalizePythonName(asString(entry.name) ?? ""), dependencyNames(entry));

    // uv lists the project itself (editable or virtual source) with its dependencies and dev groups.
    const isProject = (entry: Record<string, unknown>): boolean => {
      const source = asRecord(entry.source);
      return source.editable !== undefined || source.virtual !== undefined || source.directory !== undefined;
    };
    let prodRoots = new Set<string>();
    let devRoots = new Set<string>();
    const projects = flavour === "uv" ? entries.filter(isProject) : [];
    if (projects.length > 0) {
      for (const project of projects) {
        for (const name of dependencyNames(project)) prodRoots.add(name);
        for (const group of Object.values(asRecord(project["dev-dependencies"]))) {
          if (Array.isArray(group))
            for (const item of group) devRoots.add(normalizePythonName(asString(asRecord(item).name) ?? ""));
        }
      }
    } else {
      const pyproject = readTomlSibling(readSibling, path, "pyproject.toml");
      if (pyproject !== undefined) {
        const declared = declaredInPyproject(pyproject);
        prodRoots = declared.prod;
        devRoots = declared.dev;
      } else {
        collector.warn(
          "no pyproject.toml beside the lockfile: direct dependencies inferred from the dependency graph",
        );
        prodRoots = unrequiredNodes(edges.keys(), edges);
      }
    }
    const reach = reachability(edges, prodRoots, devRoots);

    entries.forEach((entry, index) => {
      const name = asString(entry.name);
      const version = asString(entry.version);
      if (name === undefined) return;
      if (flavour === "uv" && isProject(entry)) return;
      const key = normalizePythonName(name);
      if (version === undefined) {
        collector.warn(`${key}: no version, skipped`);
        return;
      }
      const groups = Array.isArray(entry.groups) ? entry.groups.map(String) : undefined;
      const category = asString(entry.category);
      const dev =
        category !== undefined
          ? category === "dev"
          : groups !== undefined
            ? !groups.includes("main") && !groups.includes("default")
            : !reach.prod.has(key) && reach.dev.has(key);
      collector.add({
        name,
        version,
        direct: prodRoots.has(key) || devRoots.has(key),
        dev,
        line: lines[index] ?? 1,
      });
    });
    return collector.finish();
  };
}

export const parsePoetryLock = makeParser("poetry");
export const parsePdmLock = makeParser("pdm");
export const parseUvLock = makeParser("uv");
