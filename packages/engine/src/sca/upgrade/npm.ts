// npm (package-lock.json / npm-shrinkwrap.json, lockfileVersion 1-3): every lock entry of the
// package at the vulnerable version moves to the fixed one (version, resolved; integrity is
// dropped because only the tarball can give it). A direct dependency's range in package.json (and
// its copy in the lock's root or workspace entry) follows in the same style. A transitive one whose
// dependents' ranges exclude the fixed version gets an `overrides` entry in the root package.json.
import semver from "semver";
import { parseSemver } from "../osv/versions/npm.ts";
import { editedJsonText, isEdited, type JsonFile, readJsonFile, type StringEdit } from "./json-text.ts";
import { rewriteNpmSpec } from "./npm-spec.ts";
import {
  type FileChange,
  fileNameOf,
  folderOf,
  type ReadFile,
  refuse,
  type UpgradePlan,
  type UpgradeRequest,
} from "./plan.ts";

type Json = Record<string, unknown>;

/** The fields of package.json whose ranges we raise (peer ranges describe hosts, not installs). */
const DEPENDENCY_FIELDS = ["dependencies", "devDependencies", "optionalDependencies"] as const;
/** The fields whose ranges choose which copy a dependent gets. */
const REQUIRING_FIELDS = [...DEPENDENCY_FIELDS, "peerDependencies"] as const;

const isJson = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const field = (value: Json, key: string): Json => (isJson(value[key]) ? (value[key] as Json) : {});

/** `https://registry.npmjs.org/@scope/name/-/name-1.2.3.tgz`, or the same mirror as before. */
export function tarballUrl(
  name: string,
  version: string,
  previous: string | undefined,
  installed: string,
): string {
  const base = name.startsWith("@") ? name.slice(name.indexOf("/") + 1) : name;
  const suffix = `/-/${base}-${installed}.tgz`;
  if (previous?.endsWith(suffix)) return `${previous.slice(0, -`${installed}.tgz`.length)}${version}.tgz`;
  return `https://registry.npmjs.org/${name}/-/${base}-${version}.tgz`;
}

function isNpmLock(path: string): boolean {
  const name = fileNameOf(path);
  return name === "package-lock.json" || name === "npm-shrinkwrap.json";
}

function lockPathFor(request: UpgradeRequest, readFile: ReadFile): string | { problem: string } {
  const name = fileNameOf(request.filePath);
  if (isNpmLock(request.filePath)) return request.filePath;
  if (name === "package.json") {
    const folder = folderOf(request.filePath);
    for (const candidate of ["npm-shrinkwrap.json", "package-lock.json"])
      if (readFile(folder + candidate) !== null) return folder + candidate;
    return {
      problem: `${request.filePath}: no package-lock.json beside it; an upgrade without a lockfile is not planned`,
    };
  }
  if (name === "yarn.lock" || name === "pnpm-lock.yaml" || name === "bun.lock")
    return {
      problem: `${request.filePath}: upgrading ${name} offline is not supported yet (only package-lock.json)`,
    };
  return {
    problem: `${request.filePath}: npm upgrades are planned on package-lock.json, npm-shrinkwrap.json or package.json`,
  };
}

interface Copy {
  entry: Json;
  /** v2/v3 `packages` key (`node_modules/a/node_modules/x`), or undefined for a v1 tree entry. */
  key?: string;
  /** The folder name the copy is installed under (differs from the package name for an alias). */
  installedAs: string;
  topLevel: boolean;
}

/** Every lock entry of `name` at `version`: v2/v3 `packages` and the v1 (and v2) `dependencies` tree. */
function findCopies(lock: Json, name: string, version: string): Copy[] {
  const copies: Copy[] = [];
  for (const [key, entry] of Object.entries(field(lock, "packages"))) {
    const marker = key.lastIndexOf("node_modules/");
    if (marker === -1 || !isJson(entry) || entry.link === true) continue;
    const installedAs = key.slice(marker + "node_modules/".length);
    const realName = typeof entry.name === "string" ? entry.name : installedAs;
    if (realName === name && entry.version === version)
      copies.push({ entry, key, installedAs, topLevel: marker === 0 });
  }
  const stack: Array<{ dependencies: Json; topLevel: boolean }> = [
    { dependencies: field(lock, "dependencies"), topLevel: true },
  ];
  while (stack.length > 0) {
    const { dependencies, topLevel } = stack.pop()!;
    for (const [key, entry] of Object.entries(dependencies)) {
      if (!isJson(entry)) continue;
      if (isJson(entry.dependencies)) stack.push({ dependencies: entry.dependencies, topLevel: false });
      if (entry.version === version && key === name) copies.push({ entry, installedAs: key, topLevel });
      else if (entry.version === `npm:${name}@${version}`) copies.push({ entry, installedAs: key, topLevel });
    }
  }
  return copies;
}

/** Whether a package.json (or a lock folder entry copying it) declares `installedAs` as a dependency. */
function declares(manifest: Json, installedAs: string): boolean {
  return DEPENDENCY_FIELDS.some((name) => installedAs in field(manifest, name));
}

/**
 * Folders (lock keys: "" for the root, `packages/a` for a workspace) for which this copy is a direct
 * dependency: the folder it is installed under, or, hoisted to the root, every declaring folder
 * without a nested copy of its own.
 */
function declaringFolders(lock: Json, copy: Copy, rootManifest: Json | undefined): string[] {
  if (copy.key === undefined)
    return copy.topLevel && rootManifest && declares(rootManifest, copy.installedAs) ? [""] : [];
  const packages = field(lock, "packages");
  const parent = copy.key.slice(0, copy.key.lastIndexOf("node_modules/")).replace(/\/$/, "");
  const folders = Object.keys(packages).filter((key) => !key.includes("node_modules/"));
  const declaring = (folder: string): boolean => {
    const manifest = folder === "" && rootManifest ? rootManifest : field(packages, folder);
    return declares(manifest, copy.installedAs);
  };
  if (parent !== "") return folders.includes(parent) && declaring(parent) ? [parent] : [];
  return folders.filter(
    (folder) =>
      declaring(folder) && (folder === "" || !(`${folder}/node_modules/${copy.installedAs}` in packages)),
  );
}

interface DependentRange {
  /** The package that declares the range (its real name). */
  dependent: string;
  range: string;
}

/** Ranges other packages in the lock give `name` (v2/v3 dependency fields, v1 `requires`). */
function dependentRanges(lock: Json, name: string): DependentRange[] {
  const ranges: DependentRange[] = [];
  for (const [key, entry] of Object.entries(field(lock, "packages"))) {
    const marker = key.lastIndexOf("node_modules/");
    if (marker === -1 || !isJson(entry)) continue;
    const dependent =
      typeof entry.name === "string" ? entry.name : key.slice(marker + "node_modules/".length);
    for (const fieldName of REQUIRING_FIELDS) {
      const range = field(entry, fieldName)[name];
      if (typeof range === "string") ranges.push({ dependent, range });
    }
  }
  const stack = [field(lock, "dependencies")];
  while (stack.length > 0) {
    for (const [dependent, entry] of Object.entries(stack.pop()!)) {
      if (!isJson(entry)) continue;
      const range = field(entry, "requires")[name];
      if (typeof range === "string") ranges.push({ dependent, range });
      if (isJson(entry.dependencies)) stack.push(entry.dependencies);
    }
  }
  return ranges;
}

/**
 * Adds the override that makes npm install `fixed` despite the blocking ranges: `"name": fixed`,
 * or, when the root also depends on the package directly (npm rejects a top-level override that
 * differs from the root's own spec), one per dependent: `"dependent": { "name": fixed }`.
 */
function addOverride(rootManifest: Json, name: string, fixed: string, dependents: readonly string[]): string {
  const overrides = isJson(rootManifest.overrides) ? rootManifest.overrides : {};
  rootManifest.overrides = overrides;
  const set = (key: string, target: Json, value: string): void => {
    const existing = target[key];
    if (isJson(existing)) existing["."] = value;
    else target[key] = value;
  };
  if (!declares(rootManifest, name)) {
    set(name, overrides, fixed);
    return `"${name}": "${fixed}"`;
  }
  for (const dependent of dependents) {
    const existing = overrides[dependent];
    const scoped = isJson(existing) ? existing : typeof existing === "string" ? { ".": existing } : {};
    set(name, scoped, fixed);
    overrides[dependent] = scoped;
  }
  return dependents.map((dependent) => `"${dependent}": { "${name}": "${fixed}" }`).join(", ");
}

function manifestPathOf(lockFolder: string, workspace: string): string {
  return `${lockFolder}${workspace === "" ? "" : `${workspace}/`}package.json`;
}

export function planNpmUpgrade(request: UpgradeRequest, readFile: ReadFile): UpgradePlan {
  const lockPath = lockPathFor(request, readFile);
  if (typeof lockPath !== "string") return refuse(lockPath.problem);
  const lockText = readFile(lockPath);
  if (lockText === null) return refuse(`${lockPath} not found`);
  const lockRead = readJsonFile(lockPath, lockText);
  if (!lockRead.ok) return refuse(lockRead.reason);
  const lockFile = lockRead.file;
  const lock = lockFile.value;
  const lockVersion = lock.lockfileVersion;
  if (lockVersion !== 1 && lockVersion !== 2 && lockVersion !== 3)
    return refuse(`${lockPath}: unsupported lockfileVersion ${JSON.stringify(lockVersion)}`);
  const { name, installedVersion: installed } = request;
  // OSV and advisories may write `v1.2.3` or a short `1.2`; the lock needs the full SemVer text.
  const fixed = parseSemver(request.fixedVersion)?.version ?? request.fixedVersion;
  const lockFolder = folderOf(lockPath);

  // Manifests are read once and edited in place; only the ones whose text changes are reported.
  const manifests = new Map<string, JsonFile>();
  const manifest = (path: string): JsonFile | string => {
    const known = manifests.get(path);
    if (known) return known;
    const text = readFile(path);
    if (text === null) return `${path} not found`;
    const read = readJsonFile(path, text);
    if (!read.ok) return read.reason;
    manifests.set(path, read.file);
    return read.file;
  };
  const rootPath = manifestPathOf(lockFolder, "");
  const root = manifest(rootPath);
  const rootManifest = typeof root === "string" ? undefined : root.value;
  if (typeof root === "string" && readFile(rootPath) !== null) return refuse(root);

  const copies = findCopies(lock, name, installed);
  if (copies.length === 0) return refuse(`${lockPath} has no entry for ${name}@${installed}`);
  const notes: string[] = [];

  // Direct: raise the declared range in each declaring package.json and in the lock's copy of it.
  const folders = new Set(copies.flatMap((copy) => declaringFolders(lock, copy, rootManifest)));
  const stringEdits: StringEdit[] = [];
  for (const folder of folders) {
    const file = manifest(manifestPathOf(lockFolder, folder));
    if (typeof file === "string") return refuse(file);
    const lockEntry = field(field(lock, "packages"), folder);
    for (const copy of copies) {
      for (const fieldName of DEPENDENCY_FIELDS) {
        const declared = field(file.value, fieldName);
        const spec = declared[copy.installedAs];
        if (typeof spec !== "string") continue;
        const rewrite = rewriteNpmSpec(copy.installedAs, spec, fixed);
        if ("problem" in rewrite) return refuse(`${file.path}: ${rewrite.problem}`);
        if (rewrite.note !== undefined && !notes.includes(rewrite.note)) notes.push(rewrite.note);
        if (rewrite.spec !== spec) {
          declared[copy.installedAs] = rewrite.spec;
          stringEdits.push({ key: copy.installedAs, from: spec, to: rewrite.spec });
        }
        const inLock = field(lockEntry, fieldName);
        if (typeof inLock[copy.installedAs] === "string") inLock[copy.installedAs] = rewrite.spec;
      }
    }
  }
  const direct = folders.size > 0;

  // Transitive: when a dependent's range picks the vulnerable version and excludes the fixed one,
  // npm would put the old version back on the next install; an override keeps the fix.
  const blocking = dependentRanges(lock, name).filter(
    ({ range }) =>
      semver.validRange(range) !== null &&
      semver.satisfies(installed, range) &&
      !semver.satisfies(fixed, range),
  );
  let overridden = false;
  if (blocking.length > 0) {
    const ranges = [...new Set(blocking.map(({ dependent, range }) => `${dependent} requires "${range}"`))];
    if (rootManifest === undefined)
      return refuse(`${rootPath} not found: it is needed to override ${name} (${ranges.join(", ")})`);
    const added = addOverride(rootManifest, name, fixed, [...new Set(blocking.map((b) => b.dependent))]);
    overridden = true;
    notes.push(
      `${ranges.join(", ")}, which excludes ${fixed}: ${rootPath} overrides it with ${added} (npm 8.3 or later).`,
    );
    if (lockVersion === 1)
      notes.push(
        "lockfileVersion 1 is npm 6's format, and npm 6 ignores overrides: install with npm 8.3 or later.",
      );
  }

  for (const copy of copies) {
    const entry = copy.entry;
    const aliased = typeof entry.version === "string" && entry.version.startsWith("npm:");
    entry.version = aliased ? `npm:${name}@${fixed}` : fixed;
    if (typeof entry.resolved === "string")
      entry.resolved = tarballUrl(name, fixed, entry.resolved, installed);
    delete entry.integrity;
  }
  // Checked with npm 11.19: `npm ci` installs such an entry (without verifying it), but a plain
  // `npm install` keeps the lock as it is; re-resolving the entry is what records the new data.
  notes.push(
    `The integrity hash of ${name}@${fixed} is left out of ${lockPath}: it can only be computed from the package tarball. npm installs the package without it, and a plain \`npm install\` does not add it back.`,
    `The lock entries of ${name}@${fixed} keep ${installed}'s own dependencies, engines and licence (the new manifest cannot be read offline). To refresh them and record the integrity, delete the ${name} entries from ${lockPath} and run \`npm install --package-lock-only\`.`,
  );

  // Manifests that were only read (to find direct dependencies) are left out.
  const changes: FileChange[] = [...manifests.values()].filter(isEdited).map((file) => ({
    path: file.path,
    before: file.text,
    after: editedJsonText(file, stringEdits, notes),
  }));
  changes.push({ path: lockPath, before: lockText, after: editedJsonText(lockFile, [], notes) });
  const how = direct
    ? "direct dependency"
    : overridden
      ? "transitive dependency, pinned with an override"
      : "transitive dependency";
  return {
    ok: true,
    changes,
    summary: `Upgrade ${name} from ${installed} to ${fixed} (${how}) in ${changes.map((c) => c.path).join(" and ")}`,
    notes,
  };
}
