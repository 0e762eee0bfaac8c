// renv.lock (R): `Packages.<name>` with `Package`, `Version` and `Source`. `Repository` packages
// come from CRAN or a CRAN mirror (RSPM/P3M); `Bioconductor` ones are their own OSV ecosystem;
// GitHub, GitLab, URL and Local sources have no registry version and are skipped with a warning.
// The lockfile does not say which packages the project loads itself, so `direct` is false.
import type { Ecosystem } from "../package.ts";
import {
  asRecord,
  asString,
  describeError,
  failure,
  isRecord,
  type ManifestParser,
  MultiEcosystemCollector,
} from "./common.ts";
import { type PositionedJson, parsePositionedJson } from "./positioned-json.ts";

const ECOSYSTEM_BY_SOURCE: Readonly<Record<string, Ecosystem>> = {
  Repository: "CRAN",
  Bioconductor: "Bioconductor",
};

export const parseRenvLock: ManifestParser = (path, text) => {
  let json: PositionedJson;
  try {
    json = parsePositionedJson(text);
  } catch (error) {
    return failure(path, `invalid JSON: ${describeError(error)}`);
  }
  const packages = asRecord(json.value).Packages;
  if (!isRecord(packages)) return failure(path, 'not a renv.lock: no "Packages" object');
  const collector = new MultiEcosystemCollector("CRAN", path);
  for (const [key, value] of Object.entries(packages)) {
    const entry = asRecord(value);
    const version = asString(entry.Version);
    const source = asString(entry.Source) ?? "Repository";
    const ecosystem = ECOSYSTEM_BY_SOURCE[source];
    if (ecosystem === undefined) {
      collector.warn(`${key}: ${source} source, skipped (no registry version)`);
      continue;
    }
    if (version === undefined) continue;
    collector.add(ecosystem, {
      name: asString(entry.Package) ?? key,
      version,
      direct: false,
      dev: false,
      line: json.lineOf(packages, key) ?? 1,
    });
  }
  return collector.finish();
};
