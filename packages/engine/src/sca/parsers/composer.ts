// composer.lock: `packages` (prod) and `packages-dev`, each with licences. composer.json beside it
// names the direct ones; without it, packages no other package requires are taken as direct.
import {
  asRecord,
  asString,
  describeError,
  failure,
  isRecord,
  type ManifestParser,
  PackageCollector,
  readJsonSibling,
  recordKeys,
  unrequiredNodes,
} from "./common.ts";
import { type PositionedJson, parsePositionedJson } from "./positioned-json.ts";

export const parseComposerLock: ManifestParser = (path, text, readSibling) => {
  let json: PositionedJson;
  try {
    json = parsePositionedJson(text);
  } catch (error) {
    return failure(path, `invalid JSON: ${describeError(error)}`);
  }
  const lock = asRecord(json.value);
  if (!Array.isArray(lock.packages)) return failure(path, 'not a composer.lock: no "packages" list');
  const sections = [
    { list: lock.packages as unknown[], dev: false },
    { list: Array.isArray(lock["packages-dev"]) ? (lock["packages-dev"] as unknown[]) : [], dev: true },
  ];
  const collector = new PackageCollector("Packagist", path, { recordsLicenses: true });
  const manifest = readJsonSibling(readSibling, path, "composer.json");
  let direct: Set<string>;
  if (manifest !== undefined) {
    direct = new Set(
      [...recordKeys(manifest.require), ...recordKeys(manifest["require-dev"])].map((n) => n.toLowerCase()),
    );
  } else {
    const edges = new Map<string, string[]>();
    for (const { list } of sections) {
      for (const entry of list.filter(isRecord)) {
        edges.set(
          String(entry.name).toLowerCase(),
          recordKeys(entry.require).map((n) => n.toLowerCase()),
        );
      }
    }
    direct = unrequiredNodes(edges.keys(), edges);
    collector.warn(
      "no composer.json beside the lockfile: direct dependencies inferred from the dependency graph",
    );
  }
  for (const { list, dev } of sections) {
    for (const entry of list) {
      if (!isRecord(entry)) continue;
      const name = asString(entry.name);
      const version = asString(entry.version);
      if (name === undefined || version === undefined) continue;
      const license = Array.isArray(entry.license) ? entry.license.map(String) : asString(entry.license);
      collector.add({
        name,
        // Composer tags are often `v1.2.3`; advisories use the bare version.
        version: version.replace(/^v(?=\d)/, ""),
        direct: direct.has(name.toLowerCase()),
        dev,
        line: json.lineOf(entry, "name") ?? 1,
        ...(license === undefined || license.length === 0 ? {} : { license }),
      });
    }
  }
  return collector.finish();
};
