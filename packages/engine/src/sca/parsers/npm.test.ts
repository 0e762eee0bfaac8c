import { describe, expect, it } from "vitest";
import { parseFixture, readFixtureSibling, rows } from "./fixture-harness.ts";
import { parseNpmLock } from "./npm.ts";

describe("package-lock.json", () => {
  it("v3: workspaces, links skipped, nested copies, aliases, git deps skipped, licences", () => {
    const outcome = parseFixture(parseNpmLock, "npm/v3-workspaces/package-lock.json");
    expect(rows(outcome)).toEqual([
      "@types/node@20.11.5 direct dev :20",
      "debug@2.6.9 transitive prod :34",
      "express@4.18.2 direct prod :43",
      "ms@2.0.0 transitive prod :55",
      "string-width@4.2.3 transitive dev :61",
      "undici-types@5.26.5 transitive dev :69",
      "ms@2.1.3 direct prod :84",
      "lodash@4.17.21 direct prod :90",
    ]);
    if (!outcome.ok) return;
    expect(outcome.packages[0]).toMatchObject({
      license: "MIT",
      licensesRecorded: true,
      purl: "pkg:npm/%40types/node@20.11.5",
    });
    expect(outcome.warnings).toEqual([expect.stringContaining("left-pad: not from the registry")]);
  });

  it("v2: reads `packages`, not the duplicated v1 tree", () => {
    expect(rows(parseFixture(parseNpmLock, "npm/v2/package-lock.json"))).toEqual([
      "fsevents@2.3.3 direct prod :21",
      "minimist@1.2.5 direct prod :34",
      "mocha@10.2.0 direct dev :39",
      "minimist@1.2.8 transitive dev :48",
    ]);
  });

  it("v1: the dependency tree, with package.json for direct deps and an npm: alias", () => {
    const outcome = parseFixture(parseNpmLock, "npm/v1/package-lock.json");
    expect(rows(outcome)).toEqual([
      "accepts@1.3.7 direct prod :7",
      "chai@4.2.0 direct dev :15",
      "lodash@4.17.15 direct prod :24",
      "mime-db@1.44.0 transitive prod :29",
      "mime-types@2.1.27 transitive prod :34",
      "type-detect@4.0.8 transitive dev :45",
    ]);
    if (!outcome.ok) return;
    expect(outcome.warnings).toEqual(["my-utils: not from the registry (file:../my-utils), skipped"]);
    // Version 1 entries have no licence field: the file records none, rather than stating none.
    expect(outcome.packages.every((pkg) => pkg.license === undefined && !pkg.licensesRecorded)).toBe(true);
  });

  it("v2: every package's licence field is read, so a package without one states none", () => {
    const outcome = parseFixture(parseNpmLock, "npm/v2/package-lock.json");
    expect(outcome.ok && outcome.packages.every((pkg) => pkg.licensesRecorded === true)).toBe(true);
  });

  it("v1 without package.json infers direct deps from the graph", () => {
    const alone = parseNpmLock(
      "elsewhere/package-lock.json",
      readFixtureSibling("npm/v1/package-lock.json")!,
    );
    expect(alone.ok).toBe(true);
    if (!alone.ok) return;
    expect(alone.packages.filter((pkg) => pkg.direct).map((pkg) => pkg.name)).toEqual([
      "accepts",
      "chai",
      "lodash",
    ]);
    expect(alone.warnings[0]).toContain("inferred");
  });

  it("npm-shrinkwrap.json", () => {
    expect(rows(parseFixture(parseNpmLock, "npm/shrinkwrap/npm-shrinkwrap.json"))).toEqual([
      "semver@7.5.4 direct prod :17",
      "lru-cache@6.0.0 transitive prod :32",
      "yallist@4.0.0 transitive prod :41",
    ]);
  });

  it("refuses unknown versions and corrupt files with a reason", () => {
    expect(parseFixture(parseNpmLock, "npm/broken/unknown-version.json")).toEqual({
      ok: false,
      reason: "npm/broken/unknown-version.json: unsupported lockfileVersion 7",
    });
    const truncated = parseFixture(parseNpmLock, "npm/broken/truncated.json");
    expect(truncated.ok).toBe(false);
    if (!truncated.ok)
      expect(truncated.reason).toMatch(/^npm\/broken\/truncated.json: invalid JSON: .* at line 7/);
  });
  it("npm's hidden lockfile: no root entry, so the package.json one folder up gives direct deps", () => {
    // In a project it is node_modules/.package-lock.json; `installed/` stands in for node_modules,
    // which the repository's .gitignore would leave out.
    const outcome = parseFixture(parseNpmLock, "npm/hidden/installed/.package-lock.json");
    expect(rows(outcome)).toEqual([
      "express@4.18.2 direct prod :7",
      "jest@29.7.0 direct dev :16",
      "qs@6.11.0 transitive prod :23",
    ]);
  });
});
