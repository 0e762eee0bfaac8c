// The bundled demo advisories (real OSV records matching the sample projects; see
// data/demo-advisories/README.md for their sources and licence).
//
// They ship with the engine and demo.test.ts holds every one to the OSV schema, so they are read
// here as they are, not validated again on each run: that would load zod and fflate (store.ts)
// for files that cannot have changed since the test, a fifth of a small scan's start-up.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import type { OsvRecord } from "./record.ts";
import type { LoadedRecords } from "./store.ts";

export const demoAdvisoriesDir = join(import.meta.dirname, "data", "demo-advisories");

/**
 * A shipped record as the schema would return it. The schema's one normalisation that these
 * records need: a missing `references` reads as none (the Debian exports have none).
 */
function shippedRecord(json: OsvRecord): OsvRecord {
  return { ...json, references: json.references ?? [] };
}

/** Every `*.json` under the folder, in the order `readOsvDir` reads them (sorted at each level). */
export function loadDemoAdvisories(): LoadedRecords {
  const root = demoAdvisoriesDir;
  const loaded: LoadedRecords = { records: [], errors: [] };
  const visit = (folder: string) => {
    const entries = readdirSync(folder, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const entry of entries) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (entry.name.endsWith(".json")) {
        try {
          const json: unknown = JSON.parse(readFileSync(path, "utf8"));
          for (const item of Array.isArray(json) ? json : [json]) loaded.records.push(shippedRecord(item));
        } catch (error) {
          loaded.errors.push({
            file: relative(root, path),
            error: error instanceof Error ? error.message : String(error),
          });
        }
      }
    }
  };
  visit(root);
  return loaded;
}
