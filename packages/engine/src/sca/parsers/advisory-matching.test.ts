// The new formats' packages carry the ecosystem and name OSV records use, so advisories match
// them: npm (deno.lock) against a real record of ../osv/fixtures/osv-sample, Julia and opam
// against real records in fixtures/advisories (sources in its README), and Hex against records
// written here in OSV's shape, to show that rebar.lock reports the Hex name, not the app name.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createAdvisoryIndex, matchPackages } from "../osv/match.ts";
import type { OsvRecord } from "../osv/record.ts";
import { readOsvDir } from "../osv/store.ts";
import type { Package } from "../package.ts";
import { parseDenoLock } from "./deno-lock.ts";
import { parseFixture } from "./fixture-harness.ts";
import { parseJuliaManifest } from "./julia-manifest.ts";
import { parseOpamLock } from "./opam-lock.ts";
import { parseRebarLock } from "./rebar-lock.ts";

function packagesOf(outcome: ReturnType<typeof parseFixture>): Package[] {
  if (!outcome.ok) throw new Error(outcome.reason);
  return outcome.packages;
}

function advisory(id: string, ecosystem: string, name: string, introduced: string, fixed: string): OsvRecord {
  return {
    id,
    modified: "2026-01-01T00:00:00Z",
    references: [],
    affected: [
      {
        package: { ecosystem, name },
        ranges: [{ type: "ECOSYSTEM", events: [{ introduced }, { fixed }] }],
      },
    ],
  };
}

const realRecords = readOsvDir(join(import.meta.dirname, "fixtures", "advisories")).records;

const matchedIds = (records: OsvRecord[], packages: Package[]): string[] =>
  matchPackages(createAdvisoryIndex(records), packages).vulnerabilities.map((found) => found.id);

describe("advisory matching for the formats read since issue 21", () => {
  it("deno.lock: npm packages match real npm records", () => {
    const sample = readOsvDir(join(import.meta.dirname, "..", "osv", "fixtures", "osv-sample"));
    const minimist = sample.records.filter((record) => record.id === "GHSA-xvch-5gv4-984h");
    expect(minimist).toHaveLength(1);
    const packages = packagesOf(parseFixture(parseDenoLock, "deno/v2/deno.lock"));
    expect(matchedIds(minimist, packages)).toEqual(["CVE-2021-44906"]);
  });

  it("Manifest.toml: Julia packages against a real JLSEC record (SEMVER ranges)", () => {
    const packages = packagesOf(parseFixture(parseJuliaManifest, "julia/app/Manifest.toml"));
    const found = matchPackages(createAdvisoryIndex(realRecords), packages).vulnerabilities;
    // HTTP 1.10.8 < 1.10.17 and URIs 1.5.1 < 1.6.0: one advisory, two packages.
    expect(found.map((item) => `${item.id} ${item.package.name}@${item.package.version}`).sort()).toEqual([
      "CVE-2025-52479 HTTP@1.10.8",
      "CVE-2025-52479 URIs@1.5.1",
    ]);
  });

  it("opam.locked: opam packages against a real OSEC record (ECOSYSTEM ranges, opam's order)", () => {
    const packages = packagesOf(parseFixture(parseOpamLock, "opam/weather.opam.locked"));
    const found = matchPackages(createAdvisoryIndex(realRecords), packages).vulnerabilities;
    expect(found.map((item) => `${item.id} ${item.package.name}@${item.package.version}`)).toEqual([
      "CVE-2026-41083 ocaml@4.14.2",
    ]);
    expect(found[0]!.fixedVersion).toBe("4.14.4");
  });

  it("opam's order puts ~ prereleases before the release", () => {
    const packages = packagesOf(parseFixture(parseOpamLock, "opam/weather.opam.locked"));
    const records = [advisory("OSEC-0000-bbbb", "opam", "yojson", "2.1.2~beta", "2.1.2")];
    expect(matchedIds(records, packages)).toEqual([]);
  });

  it("rebar.lock: Hex packages by their Hex name", () => {
    const packages = packagesOf(parseFixture(parseRebarLock, "rebar/rebar.lock"));
    const records = [
      advisory("GHSA-0000-0000-aaaa", "Hex", "cowlib", "0", "2.12.2"),
      advisory("GHSA-0000-0000-bbbb", "Hex", "telemetry_poller", "0", "9.0.0"),
    ];
    expect(matchedIds(records, packages)).toEqual(["GHSA-0000-0000-aaaa"]);
  });
});
