// Loading OSV records for the advisory store, and deciding what an import changes. The store
// itself (a database table on the server, a file cache for the CLI) lives with the caller; this
// module only reads the published layouts (the per-ecosystem `all.zip` of osv.dev, a folder of
// `<ID>.json`, a JSON file holding one record or an array) and compares `modified` stamps.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { unzipSync } from "fflate";
import { type OsvRecord, parseOsvRecord } from "./record.ts";

export interface LoadError {
  /** The file (inside the zip or relative to the folder) that could not be read. */
  file: string;
  error: string;
}

export interface LoadedRecords {
  records: OsvRecord[];
  errors: LoadError[];
}

export interface ImportPlan {
  insert: OsvRecord[];
  update: OsvRecord[];
  skip: { id: string; reason: string }[];
}

/**
 * An RFC 3339 stamp as a sortable pair (milliseconds since the epoch, nanosecond digits), so that
 * `…:24Z`, `…:24.5Z` and `…:24.548042624Z` compare as times, not as strings. Undefined when the
 * text is no timestamp.
 */
export function modifiedKey(text: string | undefined): [number, string] | undefined {
  if (!text) return undefined;
  const match = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d+))?(Z|[+-]\d\d:\d\d)$/i.exec(text.trim());
  if (!match) return undefined;
  const milliseconds = Date.parse(`${match[1]}${match[3]!.toUpperCase()}`);
  if (Number.isNaN(milliseconds)) return undefined;
  return [milliseconds, (match[2] ?? "").padEnd(9, "0").slice(0, 9)];
}

/** Negative when `a` is older than `b`; a missing or malformed stamp is older than any real one. */
export function compareModified(a: string | undefined, b: string | undefined): number {
  const x = modifiedKey(a);
  const y = modifiedKey(b);
  if (!x || !y) return x ? 1 : y ? -1 : 0;
  return x[0] - y[0] || (x[1] < y[1] ? -1 : x[1] > y[1] ? 1 : 0);
}

/**
 * What an import does, given the stored `id → modified` map: a new id is inserted, a strictly
 * newer `modified` updates, anything else is skipped. Among duplicates in the input the newest
 * wins. Withdrawn records are stored like any other (so the withdrawal replaces the old copy);
 * the matcher ignores them.
 */
export function planImport(
  existing: ReadonlyMap<string, string | undefined>,
  incoming: Iterable<OsvRecord>,
): ImportPlan {
  const newest = new Map<string, OsvRecord>();
  const skip: ImportPlan["skip"] = [];
  for (const record of incoming) {
    const seen = newest.get(record.id);
    if (!seen) newest.set(record.id, record);
    else if (compareModified(record.modified, seen.modified) > 0) {
      newest.set(record.id, record);
      skip.push({ id: record.id, reason: "duplicate in the import; a newer copy was kept" });
    } else {
      skip.push({ id: record.id, reason: "duplicate in the import; a newer copy was kept" });
    }
  }
  const plan: ImportPlan = { insert: [], update: [], skip };
  for (const record of newest.values()) {
    if (!existing.has(record.id)) plan.insert.push(record);
    else if (compareModified(record.modified, existing.get(record.id)) > 0) plan.update.push(record);
    else plan.skip.push({ id: record.id, reason: "not modified since the stored copy" });
  }
  return plan;
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

function isZip(bytes: Uint8Array): boolean {
  return ZIP_MAGIC.every((byte, index) => bytes[index] === byte);
}

function addJson(text: string, file: string, into: LoadedRecords): void {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    into.errors.push({
      file,
      error: `invalid JSON (${error instanceof Error ? error.message : String(error)})`,
    });
    return;
  }
  for (const item of Array.isArray(json) ? json : [json]) {
    const parsed = parseOsvRecord(item);
    if (parsed.ok) into.records.push(parsed.record);
    else into.errors.push({ file, error: parsed.error });
  }
}

/** What an OSV zip may expand to: a record is a few KB, a whole ecosystem's export a few GB. */
export interface OsvZipLimits {
  maxEntryBytes: number;
  maxTotalBytes: number;
  /** Expanded bytes per compressed byte of one entry (JSON compresses about 10:1). */
  maxRatio: number;
}

export const DEFAULT_OSV_ZIP_LIMITS: OsvZipLimits = {
  maxEntryBytes: 64 * 1024 * 1024,
  maxTotalBytes: 8 * 1024 * 1024 * 1024,
  maxRatio: 1000,
};

/**
 * Records in an osv.dev `all.zip` (one `<ID>.json` per entry; other entries are ignored). Entries
 * are judged by the sizes the zip declares before any is inflated; fflate inflates an entry into
 * a buffer of its declared size, so a zip that understates a size gets it cut short, not grown.
 */
export function readOsvZip(bytes: Uint8Array, limits: OsvZipLimits = DEFAULT_OSV_ZIP_LIMITS): LoadedRecords {
  const loaded: LoadedRecords = { records: [], errors: [] };
  let entries: Record<string, Uint8Array>;
  let total = 0;
  try {
    entries = unzipSync(bytes, {
      filter: (file) => {
        if (!file.name.toLowerCase().endsWith(".json")) return false;
        total += file.originalSize;
        if (file.originalSize > limits.maxEntryBytes)
          throw new Error(
            `${file.name} expands to ${file.originalSize} bytes, over the limit of ${limits.maxEntryBytes}`,
          );
        if (file.originalSize > 1024 * 1024 && file.originalSize > file.size * limits.maxRatio)
          throw new Error(`${file.name} expands more than ${limits.maxRatio} times (a decompression bomb?)`);
        if (total > limits.maxTotalBytes)
          throw new Error(`the records expand past the limit of ${limits.maxTotalBytes} bytes`);
        return true;
      },
    });
  } catch (error) {
    loaded.errors.push({
      file: "(zip)",
      error: `unreadable zip (${error instanceof Error ? error.message : String(error)})`,
    });
    return loaded;
  }
  const decoder = new TextDecoder();
  for (const name of Object.keys(entries).sort()) addJson(decoder.decode(entries[name]), name, loaded);
  return loaded;
}

/** Records from bytes that hold a zip export or JSON (one record or an array of records). */
export function readOsvBytes(bytes: Uint8Array, name = "(input)"): LoadedRecords {
  if (isZip(bytes)) return readOsvZip(bytes);
  const loaded: LoadedRecords = { records: [], errors: [] };
  addJson(new TextDecoder().decode(bytes), name, loaded);
  return loaded;
}

/** Every `*.json` (and nested `*.zip`) under a folder, in a stable order. */
export function readOsvDir(root: string): LoadedRecords {
  const loaded: LoadedRecords = { records: [], errors: [] };
  const visit = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : 1,
    )) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (entry.name.endsWith(".json") || entry.name.endsWith(".zip")) {
        const file = relative(root, path);
        try {
          const bytes = readFileSync(path);
          if (entry.name.endsWith(".zip")) {
            const inner = readOsvZip(bytes);
            // no spread: an all.zip holds more records than a call may take arguments
            for (const record of inner.records) loaded.records.push(record);
            for (const error of inner.errors) loaded.errors.push({ ...error, file: `${file}!${error.file}` });
          } else {
            addJson(bytes.toString("utf8"), file, loaded);
          }
        } catch (error) {
          loaded.errors.push({ file, error: error instanceof Error ? error.message : String(error) });
        }
      }
    }
  };
  visit(root);
  return loaded;
}

/** A zip file, a folder or a JSON file on disk. */
export function readOsvPath(path: string): LoadedRecords {
  if (statSync(path).isDirectory()) return readOsvDir(path);
  return readOsvBytes(readFileSync(path), path);
}
