// Where a scan's advisory data comes from: an index of OSV records plus a line saying what it is.
// The caller builds it (the CLI from its file cache, the server from its database); the sca
// analyzer's project rule queries it. Without one, the bundled demo records are used.
import { loadDemoAdvisories } from "./osv/demo.ts";
import { type AdvisoryIndex, createAdvisoryIndex } from "./osv/match.ts";
import type { OsvRecord } from "./osv/record.ts";

export interface AdvisorySource {
  /** What the records are, for reports and problems: "bundled demo advisories", a cache path. */
  description: string;
  /** Records by package; `index.size === 0` means there is no advisory data to check against. */
  index: AdvisoryIndex;
  /**
   * How many usable records the whole store holds, when `index` holds only the records of the
   * packages a scan found (the server queries its database per package). Then an empty `index`
   * means "no advisory names these packages", not "no advisory data".
   */
  storeSize?: number;
}

export function advisorySourceFromRecords(records: Iterable<OsvRecord>, description: string): AdvisorySource {
  return { description, index: createAdvisoryIndex(records) };
}

let bundled: AdvisorySource | undefined;

/**
 * The real OSV records bundled with the engine for the sample projects (`osv/data/demo-advisories`),
 * read once per process. A demo set: it knows a few dozen vulnerabilities, not the world's.
 */
export function bundledAdvisorySource(): AdvisorySource {
  bundled ??= advisorySourceFromRecords(loadDemoAdvisories().records, "bundled demo advisories");
  return bundled;
}
