// The JSON report `rampart scan --format json` would print for a folder, made in-process, with the
// advisories the server's own scans would match against: what a CI upload sends.
import { ruleCatalogue } from "@rampart/engine";
import { type ScanReport, toJsonReport } from "@rampart/engine/output/json";
import { directoryPackages } from "@rampart/engine/sbom/directory";
import { scan } from "@rampart/engine/scan";
import { ENGINE_VERSION } from "../src/runs/scan.service.ts";
import type { Services } from "../src/services.ts";

export async function scanReport(
  directory: string,
  services: Pick<Services, "advisories">,
): Promise<ScanReport> {
  const inventory = await directoryPackages(directory);
  const advisories = await services.advisories.sourceFor(inventory.packages);
  const result = await scan(directory, { workers: 0, advisories });
  return toJsonReport(result, ruleCatalogue(), { name: "Rampart", version: ENGINE_VERSION });
}

/** A valid report of a scan that found nothing in no files: the smallest upload. */
export function emptyReport(): ScanReport {
  return {
    version: 1,
    tool: { name: "Rampart", version: ENGINE_VERSION },
    scan: {
      root: ".",
      startedAt: "2026-01-01T00:00:00.000Z",
      durationMs: 1,
      filesScanned: 0,
      bytesScanned: 0,
      kinds: {},
    },
    summary: { findings: 0, bySeverity: { critical: 0, high: 0, med: 0, low: 0 }, suppressed: 0 },
    analyzers: [],
    skipped: [],
    rules: [],
    findings: [],
  };
}
