// The CLI's advisory store: OSV records imported with `rampart osv import`, kept in one NDJSON
// file (`advisories.ndjson`, one record per line, sorted by id) under the user's cache folder,
// and turned into the scan's advisory source. Rewritten whole on import (temp file + rename), so a
// crash never leaves half a file.
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { type AdvisorySource, advisorySourceFromRecords } from "@rampart/engine/sca/advisory-source";
import { type OsvRecord, parseOsvRecord } from "@rampart/engine/sca/osv/record";
import { type LoadedRecords, readOsvPath } from "@rampart/engine/sca/osv/store";
import { CACHE_FILE, defaultCacheDir } from "./advisory-cache-dir.ts";
import { type Io, UsageError } from "./io.ts";

export { CACHE_FILE, defaultCacheDir } from "./advisory-cache-dir.ts";

/** The records of a cache folder; an absent cache is empty. A line that does not parse is an error entry. */
export function readCache(dir: string): LoadedRecords {
  const loaded: LoadedRecords = { records: [], errors: [] };
  const file = join(dir, CACHE_FILE);
  if (!existsSync(file)) return loaded;
  readFileSync(file, "utf8")
    .split("\n")
    .forEach((line, index) => {
      if (line.trim() === "") return;
      let json: unknown;
      try {
        json = JSON.parse(line);
      } catch {
        loaded.errors.push({ file: `${CACHE_FILE}:${index + 1}`, error: "invalid JSON" });
        return;
      }
      const parsed = parseOsvRecord(json);
      if (parsed.ok) loaded.records.push(parsed.record);
      else loaded.errors.push({ file: `${CACHE_FILE}:${index + 1}`, error: parsed.error });
    });
  return loaded;
}

export function writeCache(dir: string, records: Iterable<OsvRecord>): void {
  mkdirSync(dir, { recursive: true });
  const sorted = [...records].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const target = join(dir, CACHE_FILE);
  const temporary = `${target}.${process.pid}.tmp`;
  writeFileSync(temporary, sorted.map((record) => `${JSON.stringify(record)}\n`).join(""));
  renameSync(temporary, target);
}

/**
 * The advisories a scan uses: `--advisories PATH` (a cache folder holding advisories.ndjson, or
 * any folder, zip or JSON file of OSV records), else the default cache when it exists, else
 * undefined (the engine's bundled demo set). Unreadable records are warned about on stderr.
 */
export function scanAdvisories(io: Io, flag: string | undefined): AdvisorySource | undefined {
  let path: string;
  let loaded: LoadedRecords;
  if (flag !== undefined) {
    path = resolve(io.cwd, flag);
    if (!existsSync(path)) throw new UsageError(`--advisories: no such file or folder: ${flag}`);
    loaded =
      statSync(path).isDirectory() && existsSync(join(path, CACHE_FILE))
        ? readCache(path)
        : readOsvPath(path);
  } else {
    path = defaultCacheDir(io.env);
    if (!existsSync(join(path, CACHE_FILE))) return undefined;
    loaded = readCache(path);
  }
  if (loaded.errors.length > 0)
    io.stderr.write(
      `rampart: warning: ${loaded.errors.length} unreadable advisory entries in ${path} (first: ${loaded.errors[0]!.file}: ${loaded.errors[0]!.error})\n`,
    );
  return advisorySourceFromRecords(loaded.records, `${path} (${loaded.records.length} records)`);
}
