import { describe, expect, it } from "vitest";
import { parseCargoLock } from "./cargo.ts";
import { parseComposerLock } from "./composer.ts";
import { parseFixture, rows } from "./fixture-harness.ts";
import { parseGemfileLock } from "./gemfile-lock.ts";
import { parseOsvScannerJson } from "./osv-scanner-json.ts";

describe("Cargo.lock", () => {
  it("v1 with [metadata] checksums", () => {
    expect(rows(parseFixture(parseCargoLock, "cargo/v1/Cargo.lock"))).toEqual([
      "serde@1.0.130 direct prod :9",
    ]);
  });

  it("v3: workspace crates give direct deps, two versions of one crate, git crates skipped", () => {
    const outcome = parseFixture(parseCargoLock, "cargo/v3/Cargo.lock");
    expect(rows(outcome)).toEqual([
      "memchr@2.6.4 transitive prod :14",
      "regex@1.10.2 direct prod :20",
      "time@0.1.45 direct prod :29",
      "time@0.3.30 transitive prod :35",
    ]);
    if (outcome.ok) expect(outcome.packages[0]!.purl).toBe("pkg:cargo/memchr@2.6.4");
  });

  it("v4 with the sparse index; refuses unknown versions", () => {
    expect(rows(parseFixture(parseCargoLock, "cargo/v4/Cargo.lock"))).toEqual([
      "anyhow@1.0.86 direct prod :6",
    ]);
    expect(parseFixture(parseCargoLock, "cargo/v4/future.lock")).toEqual({
      ok: false,
      reason: "cargo/v4/future.lock: unsupported Cargo.lock version 9",
    });
  });
});

describe("composer.lock", () => {
  it("packages and packages-dev, v-prefixed versions, licence arrays", () => {
    const outcome = parseFixture(parseComposerLock, "composer/composer.lock");
    expect(rows(outcome)).toEqual([
      "guzzlehttp/guzzle@7.8.1 direct prod :8",
      "guzzlehttp/psr7@2.6.2 transitive prod :24",
      "monolog/monolog@3.5.0 direct prod :32",
      "phpunit/phpunit@10.5.5 direct dev :43",
    ]);
    if (!outcome.ok) return;
    expect(outcome.packages.map((pkg) => pkg.license)).toEqual([
      "MIT",
      "MIT",
      "MIT OR Apache-2.0",
      "BSD-3-Clause",
    ]);
    expect(outcome.packages[0]!.purl).toBe("pkg:composer/guzzlehttp/guzzle@7.8.1");
    expect(outcome.packages.every((pkg) => pkg.licensesRecorded === true)).toBe(true);
  });
});

describe("Gemfile.lock", () => {
  it("GEM and GIT specs, DEPENDENCIES for direct, PATH gems and platforms", () => {
    expect(rows(parseFixture(parseGemfileLock, "gemfile/Gemfile.lock"))).toEqual([
      "acme-auth@0.4.0 direct prod :5",
      "actionpack@7.1.2 transitive prod :16",
      "nokogiri@1.15.5 direct prod :18",
      "racc@1.7.3 transitive prod :20",
      "rack@2.2.8 transitive prod :21",
      "rails@7.1.2 direct prod :22",
      "rspec@3.12.0 direct prod :24",
    ]);
  });

  it("one package per gem across platforms, several remotes, prereleases; plugins and CHECKSUMS ignored", () => {
    expect(rows(parseFixture(parseGemfileLock, "gemfile/platforms/Gemfile.lock"))).toEqual([
      "ffi@1.16.3 direct prod :5",
      "nokogiri@1.16.0 direct prod :7",
      "racc@1.7.3 transitive prod :11",
      "rails@7.1.3.rc1 direct prod :12",
    ]);
  });

  it("refuses a file that is not a Gemfile.lock", () => {
    expect(parseGemfileLock("Gemfile.lock", "hello").ok).toBe(false);
  });
});

describe("osv-scanner.json (osv-scanner's custom lockfile)", () => {
  it("packages of every ecosystem it names; commit-only and unknown ecosystems skipped", () => {
    const outcome = parseFixture(parseOsvScannerJson, "osv-scanner/osv-scanner.json");
    expect(rows(outcome)).toEqual([
      "lodash@4.17.20 transitive prod :16",
      "django@4.0 transitive prod :23",
      "openssl@1.1.0l-1~deb9u5 transitive prod :34",
    ]);
    if (!outcome.ok) return;
    expect(outcome.packages.map((pkg) => pkg.ecosystem)).toEqual(["npm", "PyPI", "Debian"]);
    expect(outcome.packages[1]!.purl).toBe("pkg:pypi/django@4.0");
    expect(outcome.warnings).toEqual([
      "github.com/madler/zlib: commit 04f42ceca40f only, skipped",
      "left-pad: ecosystem Bower is not one Rampart matches, skipped",
    ]);
  });

  it("refuses JSON without results", () => {
    expect(parseOsvScannerJson("osv-scanner.json", '{"packages": []}').ok).toBe(false);
  });
});
