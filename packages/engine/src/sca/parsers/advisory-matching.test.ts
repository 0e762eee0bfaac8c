// The new formats' packages carry the ecosystem and name OSV records use, so advisories match
// them. npm (deno.lock) against a real record from ../osv/fixtures/osv-sample; Julia, opam and
// Hex against records written here in OSV's shape (the sample has none for these ecosystems).
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

  it("Manifest.toml: Julia packages, SemVer order", () => {
    const packages = packagesOf(parseFixture(parseJuliaManifest, "julia/app/Manifest.toml"));
    const records = [
      advisory("JLSEC-0000-aaaa", "Julia", "HTTP", "1.0.0", "1.10.9"),
      advisory("JLSEC-0000-bbbb", "Julia", "URIs", "0", "1.5.1"),
    ];
    expect(matchedIds(records, packages)).toEqual(["JLSEC-0000-aaaa"]);
  });

  it("opam.locked: opam packages, with the v-prefixed and ~ versions opam orders", () => {
    const packages = packagesOf(parseFixture(parseOpamLock, "opam/weather.opam.locked"));
    const records = [
      advisory("OSEC-0000-aaaa", "opam", "cohttp-lwt-unix", "0", "5.3.1"),
      advisory("OSEC-0000-bbbb", "opam", "yojson", "2.1.2~beta", "2.1.2"),
    ];
    expect(matchedIds(records, packages)).toEqual(["OSEC-0000-aaaa"]);
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
