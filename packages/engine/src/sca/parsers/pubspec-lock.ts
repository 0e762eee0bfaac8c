// pubspec.lock (Dart and Flutter): `packages.<name>` with `dependency` (`direct main`, `direct
// dev`, `direct overridden`, `transitive`), `source` and `version`. Only `hosted` packages have a
// registry version; `sdk` (flutter itself) and `path` packages are not from pub.dev, `git` ones
// are skipped with a warning.
import { FAILSAFE_SCHEMA, load } from "js-yaml";
import { MAX_NESTING_DEPTH, nestingDepth } from "../../parse/nesting.ts";
import {
  asRecord,
  asString,
  describeError,
  failure,
  isRecord,
  type ManifestParser,
  PackageCollector,
  splitLines,
} from "./common.ts";

/** Line of each `  name:` key under the top-level `packages:` section. */
function packageLines(text: string): Map<string, number> {
  const lines = new Map<string, number>();
  let inPackages = false;
  splitLines(text).forEach((line, index) => {
    if (/^\S/.test(line)) inPackages = /^packages:\s*$/.test(line);
    else if (inPackages) {
      const match = /^ {2}(?:"([^"]+)"|'([^']+)'|([^\s:#][^:]*)):\s*$/.exec(line);
      const name = match?.[1] ?? match?.[2] ?? match?.[3];
      if (name !== undefined && !lines.has(name)) lines.set(name, index + 1);
    }
  });
  return lines;
}

export const parsePubspecLock: ManifestParser = (path, text) => {
  if (nestingDepth(text) > MAX_NESTING_DEPTH)
    return failure(path, `nesting deeper than ${MAX_NESTING_DEPTH} levels`);
  let lock: Record<string, unknown>;
  try {
    lock = asRecord(load(text, { schema: FAILSAFE_SCHEMA }));
  } catch (error) {
    return failure(path, `invalid YAML: ${describeError(error)}`);
  }
  if (!isRecord(lock.packages)) return failure(path, 'not a pubspec.lock: no "packages" mapping');
  const lines = packageLines(text);
  const collector = new PackageCollector("Pub", path);
  for (const [key, value] of Object.entries(lock.packages)) {
    const entry = asRecord(value);
    const version = asString(entry.version);
    const source = asString(entry.source) ?? "hosted";
    const dependency = asString(entry.dependency) ?? "transitive";
    if (source === "sdk" || source === "path") continue;
    if (source === "git") {
      collector.warn(`${key}: git dependency, skipped (no registry version)`);
      continue;
    }
    if (version === undefined) continue;
    collector.add({
      name: asString(asRecord(entry.description).name) ?? key,
      version,
      direct: dependency.startsWith("direct"),
      dev: dependency === "direct dev",
      line: lines.get(key) ?? 1,
    });
  }
  return collector.finish();
};
