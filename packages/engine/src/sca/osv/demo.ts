// The bundled demo advisories (real OSV records matching the sample projects; see
// data/demo-advisories/README.md for their sources and licence).
import { join } from "node:path";
import { type LoadedRecords, readOsvDir } from "./store.ts";

export const demoAdvisoriesDir = join(import.meta.dirname, "data", "demo-advisories");

export function loadDemoAdvisories(): LoadedRecords {
  return readOsvDir(demoAdvisoriesDir);
}
