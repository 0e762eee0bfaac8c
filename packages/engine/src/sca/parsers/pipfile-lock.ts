// Pipfile.lock (pipenv, `_meta.pipfile-spec` 6): `default` is prod, `develop` is dev; the Pipfile
// beside it says which are direct.
import { normalizePythonName } from "../package.ts";
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
import { declaredInPipfile, readTomlSibling } from "./python-project.ts";

export const parsePipfileLock: ManifestParser = (path, text, readSibling) => {
  let json: PositionedJson;
  try {
    json = parsePositionedJson(text);
  } catch (error) {
    return failure(path, `invalid JSON: ${describeError(error)}`);
  }
  const lock = asRecord(json.value);
  const spec = asRecord(lock._meta)["pipfile-spec"];
  if (spec !== 6) return failure(path, `unsupported pipfile-spec ${JSON.stringify(spec)}`);
  const collector = new PackageCollector("PyPI", path);
  const pipfile = readTomlSibling(readSibling, path, "Pipfile");
  const declared = pipfile === undefined ? undefined : declaredInPipfile(pipfile);
  if (declared === undefined) collector.warn("no Pipfile beside the lockfile: direct dependencies unknown");
  for (const [section, dev] of [
    ["default", false],
    ["develop", true],
  ] as const) {
    const packages = asRecord(lock[section]);
    for (const [name, entry] of Object.entries(packages)) {
      if (!isRecord(entry)) continue;
      const version = asString(entry.version);
      const line = json.lineOf(packages, name) ?? 1;
      const normalized = normalizePythonName(name);
      const direct = (dev ? declared?.dev : declared?.prod)?.has(normalized) === true;
      const pin = version === undefined ? null : (/^===?(.+)$/.exec(version)?.[1] ?? null);
      if (pin === null) {
        collector.warn(
          `${normalized}: no pinned version (${asString(entry.git) ?? asString(entry.path) ?? version ?? "none"})`,
        );
        if (entry.git !== undefined || entry.path !== undefined || entry.editable === true) continue;
      }
      collector.add({
        name,
        version: pin,
        ...(pin === null && version ? { versionRange: version } : {}),
        direct,
        dev,
        line,
      });
    }
  }
  return collector.finish();
};
