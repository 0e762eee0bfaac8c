// deno.lock, versions 2 to 5. npm packages are keyed `name@version` (with `_peer@x` suffixes
// for peer-resolved copies): under `npm.packages` (v2), `packages.npm` (v3) or `npm` (v4, v5).
// `specifiers` map what the code asked for (`npm:chalk@5`) to what was resolved; the `workspace`
// section lists the project's own specifiers (deno.json imports, package.json dependencies and
// devDependencies, per member), which make a package direct. JSR packages are not reported: OSV
// has no JSR ecosystem to match them against. Remote URL imports carry no package version.
import {
  asRecord,
  asString,
  describeError,
  failure,
  isPlainVersion,
  isRecord,
  type ManifestParser,
  PackageCollector,
} from "./common.ts";
import { type PositionedJson, parsePositionedJson } from "./positioned-json.ts";

const SUPPORTED_VERSIONS = ["2", "3", "4", "5"];

/** `@scope/name@1.2.3_peer@4.5.6` → name and version without the peer suffix. */
function splitKey(key: string): { name: string; version: string } | undefined {
  const at = key.indexOf("@", 1);
  if (at === -1) return undefined;
  const version = key.slice(at + 1).split("_")[0]!;
  return { name: key.slice(0, at), version };
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

/** The workspace's own specifiers: deno.json imports and package.json fields, root and members. */
function workspaceSpecifiers(workspace: Record<string, unknown>): { prod: string[]; dev: string[] } {
  const prod: string[] = [];
  const dev: string[] = [];
  const folders = [workspace, ...Object.values(asRecord(workspace.members)).map(asRecord)];
  for (const folder of folders) {
    prod.push(...strings(folder.dependencies));
    const packageJson = asRecord(folder.packageJson);
    prod.push(...strings(packageJson.dependencies));
    dev.push(...strings(packageJson.devDependencies));
  }
  return { prod, dev };
}

export const parseDenoLock: ManifestParser = (path, text) => {
  let json: PositionedJson;
  try {
    json = parsePositionedJson(text);
  } catch (error) {
    return failure(path, `invalid JSON: ${describeError(error)}`);
  }
  const lock = asRecord(json.value);
  const version = asString(lock.version);
  if (version === undefined) return failure(path, 'not a deno.lock: no "version"');
  if (!SUPPORTED_VERSIONS.includes(version)) return failure(path, `unsupported deno.lock version ${version}`);

  let specifiers: Record<string, unknown>;
  let npm: Record<string, unknown>;
  let jsr: Record<string, unknown>;
  // The npm package key (`name@version`) a specifier resolved to.
  let resolvedKey: (specifier: string, resolved: string) => string | undefined;
  if (version === "2") {
    specifiers = asRecord(asRecord(lock.npm).specifiers);
    npm = asRecord(asRecord(lock.npm).packages);
    jsr = {};
    resolvedKey = (_specifier, resolved) => resolved;
  } else if (version === "3") {
    const packages = asRecord(lock.packages);
    specifiers = asRecord(packages.specifiers);
    npm = asRecord(packages.npm);
    jsr = asRecord(packages.jsr);
    resolvedKey = (_specifier, resolved) => (resolved.startsWith("npm:") ? resolved.slice(4) : undefined);
  } else {
    specifiers = asRecord(lock.specifiers);
    npm = asRecord(lock.npm);
    jsr = asRecord(lock.jsr);
    resolvedKey = (specifier, resolved) => {
      if (!specifier.startsWith("npm:")) return undefined;
      const name = splitKey(specifier.slice(4))?.name ?? specifier.slice(4);
      return `${name}@${resolved}`;
    };
  }

  // Direct: the workspace's own specifiers; a lock without a workspace section (v2, or code
  // that imports without a config file) has only the code's own specifiers at the top level.
  const keyOf = (specifier: string): string | undefined => {
    const resolved = asString(specifiers[specifier]);
    const key = resolved === undefined ? undefined : resolvedKey(specifier, resolved);
    const parts = key === undefined ? undefined : splitKey(key);
    return parts === undefined ? undefined : `${parts.name}@${parts.version}`;
  };
  const workspace = isRecord(lock.workspace) ? workspaceSpecifiers(lock.workspace) : undefined;
  const prodRoots = new Set((workspace?.prod ?? Object.keys(specifiers)).map(keyOf));
  const devRoots = new Set((workspace?.dev ?? []).map(keyOf));

  const collector = new PackageCollector("npm", path);
  for (const key of Object.keys(npm)) {
    const parts = splitKey(key);
    if (parts === undefined || !isPlainVersion(parts.version)) {
      collector.warn(`${key}: unreadable npm entry, skipped`);
      continue;
    }
    const id = `${parts.name}@${parts.version}`;
    const prod = prodRoots.has(id);
    const dev = !prod && devRoots.has(id);
    collector.add({ ...parts, direct: prod || dev, dev, line: json.lineOf(npm, key) ?? 1 });
  }
  const jsrCount = Object.keys(jsr).length;
  if (jsrCount > 0)
    collector.warn(`${jsrCount} JSR package(s) not checked: OSV has no JSR ecosystem to match them against`);
  return collector.finish();
};
