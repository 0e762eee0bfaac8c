// pnpm-lock.yaml, lockfileVersion 5.x (`/name/1.0.0_peer`), 6.x and 7.x (`/name@1.0.0(peer)`)
// and 9.x (`packages` metadata plus `snapshots` graph). Importers give direct dependencies;
// dev is the `dev` flag where the lockfile has it (5, 6), else reachability from dev roots.
// Read with js-yaml (several times faster than `yaml` on big lockfiles, no positions), lines by a
// text scan of the section keys.
import { FAILSAFE_SCHEMA, load } from "js-yaml";
import { MAX_NESTING_DEPTH, nestingDepth } from "../../parse/nesting.ts";
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
  splitLines,
} from "./common.ts";

type KeyStyle = "slash" | "at" | "bare";

/** `(react@18.0.0)` peer suffixes (v6+) and `_react@18.0.0` (v5) do not change what is installed. */
function withoutPeers(key: string, style: KeyStyle): string {
  const paren = key.indexOf("(");
  const trimmed = paren === -1 ? key : key.slice(0, paren);
  if (style !== "slash") return trimmed;
  const underscore = trimmed.indexOf("_", trimmed.lastIndexOf("/"));
  return underscore === -1 ? trimmed : trimmed.slice(0, underscore);
}

export function packageOfKey(key: string, style: KeyStyle): { name: string; version: string } | undefined {
  const unpeered = withoutPeers(key, style);
  const plain = unpeered.replace(/^\//, "");
  if (style === "slash") {
    const parts = plain.split("/");
    // v5 writes a package from a registry other than the default one with that registry's host
    // first and no leading slash (`registry.npmjs.org/foo/1.1.0`, `npm.example.com/@a/b/2.0.0`).
    if (!unpeered.startsWith("/") && parts[0]!.includes(".")) parts.shift();
    const nameParts = parts[0]?.startsWith("@") ? 2 : 1;
    if (parts.length <= nameParts) return undefined;
    return { name: parts.slice(0, nameParts).join("/"), version: parts.slice(nameParts).join("/") };
  }
  const at = plain.lastIndexOf("@");
  if (at <= 0) return undefined;
  return { name: plain.slice(0, at), version: plain.slice(at + 1) };
}

/** Lines of the keys of the `packages:` and `snapshots:` sections. */
function sectionKeyLines(text: string): Map<string, number> {
  const lines = new Map<string, number>();
  let inSection = false;
  splitLines(text).forEach((line, index) => {
    if (line.trim() === "") return;
    if (!line.startsWith(" ")) {
      inSection = line === "packages:" || line === "snapshots:";
      return;
    }
    if (!inSection || line.startsWith("   ")) return;
    const match = /^ {2}(?:'([^']*)'|"([^"]*)"|(.+?)):(?: \{\})?$/.exec(line);
    const key = match?.[1] ?? match?.[2] ?? match?.[3];
    if (key !== undefined && !lines.has(key)) lines.set(key, index + 1);
  });
  return lines;
}

export const parsePnpmLock: ManifestParser = (path, text) => {
  if (nestingDepth(text) > MAX_NESTING_DEPTH)
    return failure(path, `nesting deeper than ${MAX_NESTING_DEPTH} levels`);
  let lock: Record<string, unknown>;
  try {
    lock = asRecord(load(text, { schema: FAILSAFE_SCHEMA }));
  } catch (error) {
    return failure(path, `invalid YAML: ${describeError(error)}`);
  }
  const version = asString(lock.lockfileVersion);
  if (version === undefined) return failure(path, "no lockfileVersion");
  const major = Number.parseInt(version, 10);
  const style: KeyStyle | undefined =
    major === 5 ? "slash" : major === 6 || major === 7 ? "at" : major === 9 ? "bare" : undefined;
  if (style === undefined) return failure(path, `unsupported lockfileVersion ${version}`);

  const packages = asRecord(lock.packages);
  const snapshots = style === "bare" ? asRecord(lock.snapshots) : packages;
  const keyLines = sectionKeyLines(text);
  const referenceKey = (name: string, reference: string): string | undefined => {
    if (/^(link|file|workspace):/.test(reference)) return undefined;
    if (reference.startsWith("/")) return reference;
    // v5 refers to a package from another registry by its whole key (`registry.npmjs.org/foo/1.1.0`).
    if (style === "slash" && Object.hasOwn(snapshots, reference)) return reference;
    if (style === "bare" && withoutPeers(reference, style).lastIndexOf("@") > 0) return reference;
    return style === "slash"
      ? `/${name}/${reference}`
      : style === "at"
        ? `/${name}@${reference}`
        : `${name}@${reference}`;
  };

  const edges = new Map<string, string[]>();
  for (const [key, entry] of Object.entries(snapshots)) {
    const targets: string[] = [];
    for (const field of ["dependencies", "optionalDependencies"]) {
      for (const [name, reference] of Object.entries(asRecord(asRecord(entry)[field]))) {
        const target = typeof reference === "string" ? referenceKey(name, reference) : undefined;
        if (target !== undefined) targets.push(target);
      }
    }
    edges.set(key, targets);
  }

  // v5/v6 single-project lockfiles keep the importer's fields at the top level.
  const importers = isRecord(lock.importers) ? Object.values(lock.importers) : [lock];
  const prodRoots = new Set<string>();
  const devRoots = new Set<string>();
  for (const importer of importers) {
    for (const field of ["dependencies", "optionalDependencies", "devDependencies"]) {
      for (const [name, spec] of Object.entries(asRecord(asRecord(importer)[field]))) {
        const reference = typeof spec === "string" ? spec : asString(asRecord(spec).version);
        const key = reference === undefined ? undefined : referenceKey(name, reference);
        if (key !== undefined) (field === "devDependencies" ? devRoots : prodRoots).add(key);
      }
    }
  }
  const reach = reachability(edges, prodRoots, devRoots);

  const collector = new PackageCollector("npm", path);
  for (const key of Object.keys(snapshots)) {
    const metadataKey = style === "bare" ? withoutPeers(key, style) : key;
    const metadata = asRecord(packages[metadataKey]);
    // The key names the real package (aliases included); git and tarball keys carry no plain version.
    const parsed = packageOfKey(key, style);
    const name = parsed?.name;
    const version = parsed?.version;
    if (name === undefined || version === undefined || !isPlainVersion(version)) {
      collector.warn(`${asString(metadata.name) ?? key}: not from the registry (${key}), skipped`);
      continue;
    }
    const devFlag = asString(metadata.dev);
    const dev =
      devFlag === "true" ? true : devFlag === "false" ? false : !reach.prod.has(key) && reach.dev.has(key);
    collector.add({
      name,
      version,
      direct: prodRoots.has(key) || devRoots.has(key),
      dev,
      line: keyLines.get(metadataKey) ?? keyLines.get(key) ?? 1,
    });
  }
  return collector.finish();
};
