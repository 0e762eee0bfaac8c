// osv-scanner's custom lockfile (`--lockfile osv-scanner:<path>`): the shape of osv-scanner's
// JSON output, `results[].packages[].package` with `name`, `version` and `ecosystem`, which teams
// write from build systems no scanner reads. Each package keeps the ecosystem it names; a release
// suffix (`Debian:12`) is dropped, so its advisories for every release are considered. Packages
// named only by a commit, and ecosystems Rampart has no version order or name rules for, are
// skipped with a warning.
import { type Ecosystem, isEcosystem, type ParseOutcome } from "../package.ts";
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

export const parseOsvScannerJson: ManifestParser = (path, text) => {
  let json: PositionedJson;
  try {
    json = parsePositionedJson(text);
  } catch (error) {
    return failure(path, `invalid JSON: ${describeError(error)}`);
  }
  const results = asRecord(json.value).results;
  if (!Array.isArray(results)) return failure(path, 'not an osv-scanner file: no "results" list');
  const collectors = new Map<Ecosystem, PackageCollector>();
  const warnings = new PackageCollector("npm", path); // for warnings only
  for (const result of results) {
    const entries = asRecord(result).packages;
    if (!Array.isArray(entries)) continue;
    for (const entry of entries) {
      const pkg = asRecord(asRecord(entry).package);
      const name = asString(pkg.name);
      if (name === undefined) continue;
      const version = asString(pkg.version);
      const written = asString(pkg.ecosystem);
      if (version === undefined || written === undefined) {
        const commit = asString(pkg.commit);
        warnings.warn(
          `${name}: ${commit === undefined ? "no version or ecosystem" : `commit ${commit.slice(0, 12)} only`}, skipped`,
        );
        continue;
      }
      const ecosystem = written.split(":")[0]!;
      if (!isEcosystem(ecosystem)) {
        warnings.warn(`${name}: ecosystem ${written} is not one Rampart matches, skipped`);
        continue;
      }
      let collector = collectors.get(ecosystem);
      if (collector === undefined) {
        collector = new PackageCollector(ecosystem, path);
        collectors.set(ecosystem, collector);
      }
      const line = (isRecord(entry) ? json.lineOf(entry, "package") : undefined) ?? 1;
      collector.add({ name, version, direct: false, dev: false, line });
    }
  }
  const outcome: ParseOutcome = { ok: true, packages: [], warnings: [...warnings.warnings] };
  for (const collector of collectors.values()) {
    const part = collector.finish();
    if (part.ok) {
      outcome.packages.push(...part.packages);
      outcome.warnings.push(...part.warnings);
    }
  }
  outcome.packages.sort((a, b) => a.location.line - b.location.line);
  return outcome;
};
