// The sca model: the packages one manifest or lockfile declares, read by the format table of
// `sca/parsers` (`parseManifest`), plus which format it was and the parser's soft warnings.
import { type ParseResult, parsed, skipped } from "../../analyzer.ts";
import type { Package } from "../../sca/package.ts";
import { manifestFormatById, manifestFormatFor, parseManifest } from "../../sca/parsers/index.ts";
import type { SourceFile } from "../../source.ts";

export interface ManifestModel {
  /** The format id of the parsers' table, e.g. `package-lock.json`, `requirements.txt`. */
  format: string;
  packages: Package[];
  warnings: string[];
}

/** What crosses to the project phase: the packages, as plain data. */
export interface ManifestSummary {
  format: string;
  packages: Package[];
}

/** Read as the format the user declared for the file, else as its name or content shows. */
export function parseManifestFile(file: SourceFile): ParseResult<ManifestModel> {
  const format =
    file.declaredFormat !== undefined
      ? manifestFormatById(file.declaredFormat)
      : manifestFormatFor(file.path, file.text);
  if (format === undefined) return skipped("not a manifest or lockfile we read");
  const outcome = parseManifest(file.path, file.text, file.readSibling, format);
  if (outcome === undefined) return skipped("not a manifest or lockfile we read");
  if (!outcome.ok) return skipped(outcome.reason);
  return parsed({ format: format.id, packages: outcome.packages, warnings: outcome.warnings });
}
