// Which parser reads which file: a table of (name test, parser), first match wins. `parseManifest`
// never throws: a parser crash becomes a per-file failure so the rest of the scan goes on.
import type { ParseOutcome } from "../package.ts";
import { basename, describeError, failure, type ManifestParser, type ReadSibling } from "./common.ts";
import { parseNpmLock } from "./npm.ts";

export interface ManifestFormat {
  /** A short id for reports and docs, e.g. `package-lock.json`. */
  id: string;
  match(path: string): boolean;
  parse: ManifestParser;
}

const named =
  (...names: string[]) =>
  (path: string): boolean =>
    names.includes(basename(path));

const matching =
  (pattern: RegExp) =>
  (path: string): boolean =>
    pattern.test(basename(path));

export const MANIFEST_FORMATS: readonly ManifestFormat[] = [
  { id: "package-lock.json", match: named("package-lock.json", "npm-shrinkwrap.json"), parse: parseNpmLock },
];

export function manifestFormatFor(path: string): ManifestFormat | undefined {
  return MANIFEST_FORMATS.find((format) => format.match(path));
}

/** The packages a manifest or lockfile declares; undefined when no parser reads this file name. */
export function parseManifest(
  path: string,
  text: string,
  readSibling?: ReadSibling,
): ParseOutcome | undefined {
  const format = manifestFormatFor(path);
  if (format === undefined) return undefined;
  try {
    return format.parse(path, text, readSibling);
  } catch (error) {
    return failure(path, `${format.id} parser crashed: ${describeError(error)}`);
  }
}

export { matching };
