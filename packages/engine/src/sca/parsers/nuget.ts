// NuGet: packages.lock.json (version 1 and 2; Direct, Transitive, CentralTransitive, Project
// skipped), packages.config, and PackageReference items in *.csproj/*.fsproj/*.vbproj (Version as
// attribute or child element, `$(Property)` from the same file, VersionOverride, and Central
// Package Management versions from the nearest Directory.Packages.props via readSibling).
import {
  asRecord,
  asString,
  describeError,
  dirname,
  failure,
  isRecord,
  type ManifestParser,
  PackageCollector,
  type ReadSibling,
} from "./common.ts";
import { type PositionedJson, parsePositionedJson } from "./positioned-json.ts";
import { children, childText, parseXml, type XmlElement } from "./positioned-xml.ts";

export const parseNugetLock: ManifestParser = (path, text) => {
  let json: PositionedJson;
  try {
    json = parsePositionedJson(text);
  } catch (error) {
    return failure(path, `invalid JSON: ${describeError(error)}`);
  }
  const lock = asRecord(json.value);
  if (lock.version !== 1 && lock.version !== 2)
    return failure(path, `unsupported version ${JSON.stringify(lock.version)}`);
  const collector = new PackageCollector("NuGet", path);
  for (const framework of Object.values(asRecord(lock.dependencies))) {
    if (!isRecord(framework)) continue;
    for (const [name, entry] of Object.entries(framework)) {
      const type = asString(asRecord(entry).type);
      const version = asString(asRecord(entry).resolved);
      if (type === "Project" || version === undefined) continue;
      collector.add({
        name,
        version,
        direct: type === "Direct",
        dev: false,
        line: json.lineOf(framework, name) ?? 1,
      });
    }
  }
  return collector.finish();
};

function readXml(text: string): XmlElement | string {
  try {
    return parseXml(text);
  } catch (error) {
    return `invalid XML: ${describeError(error)}`;
  }
}

export const parsePackagesConfig: ManifestParser = (path, text) => {
  const root = readXml(text);
  if (typeof root === "string") return failure(path, root);
  if (root.name !== "packages") return failure(path, `not a packages.config (root element <${root.name}>)`);
  const collector = new PackageCollector("NuGet", path);
  for (const element of children(root, "package")) {
    const name = element.attributes.id;
    const version = element.attributes.version;
    if (name === undefined || version === undefined) continue;
    const dev = element.attributes.developmentDependency === "true";
    collector.add({ name, version, direct: true, dev, line: element.line });
  }
  return collector.finish();
};

/** `<PackageVersion Include Version>` of the nearest Directory.Packages.props up the tree. */
function centralVersions(path: string, readSibling: ReadSibling | undefined): Map<string, string> {
  const versions = new Map<string, string>();
  let folder = dirname(path);
  for (;;) {
    const candidate = folder === "" ? "Directory.Packages.props" : `${folder}/Directory.Packages.props`;
    const text = candidate === path ? undefined : readSibling?.(candidate);
    if (text !== undefined) {
      const root = readXml(text);
      if (typeof root !== "string") {
        for (const group of children(root, "ItemGroup")) {
          for (const item of children(group, "PackageVersion")) {
            const name = item.attributes.Include;
            const version = item.attributes.Version ?? childText(item, "Version");
            if (name !== undefined && version !== undefined) versions.set(name.toLowerCase(), version);
          }
        }
      }
      return versions;
    }
    if (folder === "") return versions;
    folder = dirname(folder);
  }
}

export const parseProjectFile: ManifestParser = (path, text, readSibling) => {
  const root = readXml(text);
  if (typeof root === "string") return failure(path, root);
  if (root.name !== "Project") return failure(path, `not an MSBuild project (root element <${root.name}>)`);
  const collector = new PackageCollector("NuGet", path);
  const properties = new Map<string, string>();
  for (const group of children(root, "PropertyGroup")) {
    for (const property of group.children) properties.set(property.name.toLowerCase(), property.text.trim());
  }
  const expand = (value: string): string =>
    value.replace(/\$\(([\w.-]+)\)/g, (whole, name: string) => properties.get(name.toLowerCase()) ?? whole);
  let central: Map<string, string> | undefined;
  for (const group of children(root, "ItemGroup")) {
    for (const item of children(group, "PackageReference")) {
      const name = item.attributes.Include;
      if (name === undefined) continue; // `Update=` items change metadata of a reference made elsewhere
      let raw = item.attributes.VersionOverride ?? item.attributes.Version ?? childText(item, "Version");
      if (raw === undefined) {
        central ??= centralVersions(path, readSibling);
        raw = central.get(name.toLowerCase());
      }
      const privateAssets = (
        item.attributes.PrivateAssets ??
        childText(item, "PrivateAssets") ??
        ""
      ).toLowerCase();
      // PrivateAssets=all: build-time only (analyzers, source link), never flows to consumers.
      const base = { name, direct: true, dev: privateAssets === "all", line: item.line };
      const version = raw === undefined ? undefined : expand(raw).trim();
      if (version === undefined) {
        collector.warn(`${name}: no version (no Directory.Packages.props entry found)`);
        collector.add({ ...base, version: null });
      } else if (/[[(*$]/.test(version)) {
        collector.add({ ...base, version: null, versionRange: version });
      } else collector.add({ ...base, version });
    }
  }
  return collector.finish();
};
