// Haskell lockfiles. stack.yaml.lock: the `completed` form of each extra-dep, `hackage:
// name-1.2.3@sha256:…,size` (packages of the Stackage snapshot itself are not listed there;
// git and URL extra-deps have no Hackage version and are skipped with a warning).
// cabal.project.freeze: the `constraints:` field, `any.name ==1.2.3` per package; `installed`
// constraints (GHC's boot packages) and flag settings carry no version.
import { failure, type ManifestParser, PackageCollector, splitLines } from "./common.ts";

/**
 * `name-1.2.3` split at its last hyphen (a Hackage name is letters, digits and hyphens; the
 * version digits and dots). Done by hand: a single regex for "name segments each holding a
 * letter" backtracks exponentially on a hostile line.
 */
function splitPackageId(id: string): { name: string; version: string } | undefined {
  const hyphen = id.lastIndexOf("-");
  const name = id.slice(0, hyphen);
  const version = id.slice(hyphen + 1);
  if (hyphen <= 0 || !/^[A-Za-z0-9-]+$/.test(name) || !/^\d+(?:\.\d+)*$/.test(version)) return undefined;
  return { name, version };
}

export const parseStackLock: ManifestParser = (path, text) => {
  const lines = splitLines(text);
  if (!lines.some((line) => /^packages:/.test(line)))
    return failure(path, "not a stack.yaml.lock: no packages list");
  const collector = new PackageCollector("Hackage", path);
  let section = "";
  lines.forEach((line, index) => {
    if (/^\S/.test(line) && !line.startsWith("-") && !line.startsWith("#")) section = line.trim();
    if (section !== "packages:") return;
    const hackage = /^[\s-]+hackage:\s*["']?([^@"'\s]+)(?:@[^"'\s]*)?["']?\s*$/.exec(line);
    if (hackage) {
      const id = splitPackageId(hackage[1]!);
      if (id) collector.add({ ...id, direct: true, dev: false, line: index + 1 });
      return;
    }
    const other = /^[\s-]+(git|url|archive):\s*(\S+)/.exec(line);
    if (other) collector.warn(`${other[2]}: ${other[1]} extra-dep, skipped (no Hackage version)`);
  });
  return collector.finish();
};

export const parseCabalFreeze: ManifestParser = (path, text) => {
  const lines = splitLines(text);
  const start = lines.findIndex((line) => /^constraints:/.test(line));
  if (start === -1) return failure(path, "not a cabal.project.freeze: no constraints field");
  const collector = new PackageCollector("Hackage", path);
  for (let index = start; index < lines.length; index++) {
    const line = lines[index]!;
    // The field goes on over indented lines; the next unindented one starts another field.
    if (index > start && /^\S/.test(line)) break;
    const body = index === start ? line.slice("constraints:".length) : line;
    for (const constraint of body.split(",")) {
      const match = /^\s*(?:(?:any|setup|[\w-]+:setup)\.)?([A-Za-z0-9-]+)\s*==\s*(\d+(?:\.\d+)*)\s*$/.exec(
        constraint,
      );
      if (match)
        collector.add({ name: match[1]!, version: match[2]!, direct: false, dev: false, line: index + 1 });
    }
  }
  return collector.finish();
};
