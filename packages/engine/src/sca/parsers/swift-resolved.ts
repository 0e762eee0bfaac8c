// Package.resolved (Swift Package Manager): `object.pins` (version 1: `package`,
// `repositoryURL`) or `pins` (versions 2 and 3: `identity`, `location`, `kind`), each with
// `state.version` when pinned to a release. OSV's SwiftURL ecosystem names a package by its
// repository URL without scheme and `.git` (`github.com/apple/swift-nio`). Pins to a branch or a
// revision have no version and are skipped with a warning; local packages are the project's own.
import {
  asRecord,
  asString,
  describeError,
  failure,
  isRecord,
  type ManifestParser,
  PackageCollector,
} from "./common.ts";
import { type PositionedJson, parsePositionedJson } from "./positioned-json.ts";

/** `https://github.com/apple/swift-nio.git` → `github.com/apple/swift-nio`; undefined for a path. */
export function swiftPackageName(location: string): string | undefined {
  const ssh = /^(?:ssh:\/\/)?git@([^:/]+)[:/](.+)$/.exec(location);
  const url = ssh ? `${ssh[1]}/${ssh[2]}` : /^[a-z][\w+.-]*:\/\/(?:[^@/]*@)?(.+)$/i.exec(location)?.[1];
  if (url === undefined) return undefined;
  return url.replace(/\/+$/, "").replace(/\.git$/, "");
}

export const parseSwiftResolved: ManifestParser = (path, text) => {
  let json: PositionedJson;
  try {
    json = parsePositionedJson(text);
  } catch (error) {
    return failure(path, `invalid JSON: ${describeError(error)}`);
  }
  const resolved = asRecord(json.value);
  const pins = resolved.pins ?? asRecord(resolved.object).pins;
  if (!Array.isArray(pins)) return failure(path, 'not a Package.resolved: no "pins" list');
  const collector = new PackageCollector("SwiftURL", path);
  for (const pin of pins) {
    if (!isRecord(pin)) continue;
    if (pin.kind === "localSourceControl" || pin.kind === "fileSystem") continue;
    const location = asString(pin.location) ?? asString(pin.repositoryURL);
    const label = asString(pin.identity) ?? asString(pin.package) ?? location ?? "?";
    const name = location === undefined ? undefined : swiftPackageName(location);
    if (name === undefined) continue;
    const version = asString(asRecord(pin.state).version);
    if (version === undefined) {
      collector.warn(`${label}: pinned to a branch or revision, skipped (no release version)`);
      continue;
    }
    // positioned-json records lines of keys: the pin object's first key is its line.
    const firstKey = Object.keys(pin)[0];
    const line = firstKey === undefined ? undefined : json.lineOf(pin, firstKey);
    collector.add({ name, version, direct: false, dev: false, line: line ?? 1 });
  }
  return collector.finish();
};
