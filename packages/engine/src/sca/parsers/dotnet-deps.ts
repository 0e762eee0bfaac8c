// <app>.deps.json, written by the .NET SDK beside a published application: `libraries` lists
// every library the application loads as `Name/Version` with a `type` (`package` from NuGet,
// `project` and `reference` being the application's own code). What the project entries of
// `targets` (the application and the projects it references) depend on is direct, as the
// dependencies of a workspace are.
import {
  asRecord,
  describeError,
  failure,
  isRecord,
  type ManifestParser,
  PackageCollector,
  recordKeys,
} from "./common.ts";
import { type PositionedJson, parsePositionedJson } from "./positioned-json.ts";

function splitKey(key: string): { name: string; version: string } | undefined {
  const slash = key.lastIndexOf("/");
  if (slash <= 0 || slash === key.length - 1) return undefined;
  return { name: key.slice(0, slash), version: key.slice(slash + 1) };
}

export const parseDotnetDeps: ManifestParser = (path, text) => {
  let json: PositionedJson;
  try {
    json = parsePositionedJson(text);
  } catch (error) {
    return failure(path, `invalid JSON: ${describeError(error)}`);
  }
  const deps = asRecord(json.value);
  const libraries = deps.libraries;
  if (!isRecord(libraries)) return failure(path, 'not a .deps.json: no "libraries" object');
  const projects = new Set(
    Object.entries(libraries)
      .filter(([, library]) => asRecord(library).type === "project")
      .map(([key]) => key),
  );
  const direct = new Set<string>();
  for (const target of Object.values(asRecord(deps.targets))) {
    for (const [key, entry] of Object.entries(asRecord(target))) {
      if (!projects.has(key)) continue;
      for (const name of recordKeys(asRecord(entry).dependencies)) direct.add(name.toLowerCase());
    }
  }
  const collector = new PackageCollector("NuGet", path);
  for (const [key, library] of Object.entries(libraries)) {
    if (asRecord(library).type !== "package") continue;
    const parsed = splitKey(key);
    if (!parsed) {
      collector.warn(`${key}: not a Name/Version key, skipped`);
      continue;
    }
    collector.add({
      ...parsed,
      direct: direct.has(parsed.name.toLowerCase()),
      dev: false,
      line: json.lineOf(libraries, key) ?? 1,
    });
  }
  return collector.finish();
};
