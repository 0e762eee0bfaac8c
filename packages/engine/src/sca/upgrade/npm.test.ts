import { describe, expect, it } from "vitest";
import { applyPlan, fixtureFiles, parsedVersions, reader } from "./fixture-files.ts";
import { planDependencyUpgrade, renderUpgradeDiff, type UpgradeRequest } from "./index.ts";
import { tarballUrl } from "./npm.ts";
import { rewriteNpmSpec } from "./npm-spec.ts";

const v3 = fixtureFiles("npm-v3");
const v1 = fixtureFiles("npm-v1");

function npm(name: string, installedVersion: string, fixedVersion: string, filePath = "package-lock.json") {
  return { ecosystem: "npm", name, installedVersion, fixedVersion, filePath } satisfies UpgradeRequest;
}

describe("npm, package-lock.json v3", () => {
  it("raises a direct dependency's range in package.json and the lock's root entry, and moves its lock entry", () => {
    const plan = planDependencyUpgrade(npm("lodash", "4.17.15", "4.17.21"), reader(v3));
    expect(plan.ok && plan.summary).toBe(
      "Upgrade lodash from 4.17.15 to 4.17.21 (direct dependency) in package.json and package-lock.json",
    );
    expect(plan.ok && renderUpgradeDiff(plan.changes)).toMatchInlineSnapshot(`
      "--- a/package.json
      +++ b/package.json
      @@ -5,7 +5,7 @@
         "dependencies": {
           "@babel/core": "^7.22.0",
           "body-parser": "1.20.1",
      -    "lodash": "^4.17.15"
      +    "lodash": "^4.17.21"
         },
         "devDependencies": {
           "minimist": "~1.2.5",
      --- a/package-lock.json
      +++ b/package-lock.json
      @@ -10,7 +10,7 @@
             "dependencies": {
               "@babel/core": "^7.22.0",
               "body-parser": "1.20.1",
      -        "lodash": "^4.17.15"
      +        "lodash": "^4.17.21"
             },
             "devDependencies": {
               "minimist": "~1.2.5",
      @@ -46,9 +46,8 @@
             }
           },
           "node_modules/lodash": {
      -      "version": "4.17.15",
      -      "resolved": "https://registry.npmjs.org/lodash/-/lodash-4.17.15.tgz",
      -      "integrity": "sha512-0GHnXf4xxCtvz1VnnxDEGQsAG49fqUMlwggKMCy1nvgNNyiV6l45+hWF6PzzxbudVpjftBiFE7O1qUHp02m2sQ==",
      +      "version": "4.17.21",
      +      "resolved": "https://registry.npmjs.org/lodash/-/lodash-4.17.21.tgz",
             "license": "MIT"
           },
           "node_modules/minimist": {
      "
    `);
    expect(plan.ok && plan.notes[0]).toContain("integrity hash of lodash@4.17.21 is left out");
    const after = applyPlan(v3, plan);
    expect(parsedVersions(after, "package-lock.json")).toContain("lodash@4.17.21");
    expect(parsedVersions(after, "package-lock.json")).not.toContain("lodash@4.17.15");
    expect(JSON.parse(after.get("package-lock.json")!).packages["node_modules/lodash"]).toEqual({
      version: "4.17.21",
      resolved: "https://registry.npmjs.org/lodash/-/lodash-4.17.21.tgz",
      license: "MIT",
    });
  });

  it("keeps a tilde range a tilde range, for a dev dependency", () => {
    const plan = planDependencyUpgrade(npm("minimist", "1.2.5", "1.2.6"), reader(v3));
    const after = applyPlan(v3, plan);
    expect(JSON.parse(after.get("package.json")!).devDependencies.minimist).toBe("~1.2.6");
    expect(JSON.parse(after.get("package-lock.json")!).packages[""].devDependencies.minimist).toBe("~1.2.6");
    // the nested 0.0.8 copy under mkdirp is another version and stays
    expect(parsedVersions(after, "package-lock.json")).toEqual(
      expect.arrayContaining(["minimist@1.2.6", "minimist@0.0.8"]),
    );
  });

  it("moves only the lock entry of a transitive dependency whose dependents' ranges admit the fix", () => {
    const plan = planDependencyUpgrade(npm("@babel/traverse", "7.22.0", "7.23.2"), reader(v3));
    expect(plan.ok && plan.summary).toBe(
      "Upgrade @babel/traverse from 7.22.0 to 7.23.2 (transitive dependency) in package-lock.json",
    );
    expect(plan.ok && renderUpgradeDiff(plan.changes)).toMatchInlineSnapshot(`
      "--- a/package-lock.json
      +++ b/package-lock.json
      @@ -29,9 +29,8 @@
             }
           },
           "node_modules/@babel/traverse": {
      -      "version": "7.22.0",
      -      "resolved": "https://registry.npmjs.org/@babel/traverse/-/traverse-7.22.0.tgz",
      -      "integrity": "sha512-E/xqn5rOBTxXvtKkfn6cwTP8LHYsrvtMUsLlSjZP7i0MKD9jucCgbMxeO6DZMIGXM1oLYq95fJI6/bslZvFHkg==",
      +      "version": "7.23.2",
      +      "resolved": "https://registry.npmjs.org/@babel/traverse/-/traverse-7.23.2.tgz",
             "engines": {
               "node": ">=6.9.0"
             }
      "
    `);
    expect(parsedVersions(applyPlan(v3, plan), "package-lock.json")).toContain("@babel/traverse@7.23.2");
  });

  it("overrides a transitive dependency pinned by its dependent to the vulnerable version", () => {
    const plan = planDependencyUpgrade(npm("qs", "6.11.0", "6.11.3"), reader(v3));
    expect(plan.ok && plan.summary).toBe(
      "Upgrade qs from 6.11.0 to 6.11.3 (transitive dependency, pinned with an override) in package.json and package-lock.json",
    );
    expect(plan.ok && plan.notes[0]).toBe(
      'body-parser requires "6.11.0", which excludes 6.11.3: package.json overrides it with "qs": "6.11.3" (npm 8.3 or later).',
    );
    expect(plan.ok && renderUpgradeDiff(plan.changes.slice(0, 1))).toMatchInlineSnapshot(`
      "--- a/package.json
      +++ b/package.json
      @@ -10,5 +10,8 @@
         "devDependencies": {
           "minimist": "~1.2.5",
           "mkdirp": "^0.5.1"
      +  },
      +  "overrides": {
      +    "qs": "6.11.3"
         }
       }
      "
    `);
    expect(parsedVersions(applyPlan(v3, plan), "package-lock.json")).toContain("qs@6.11.3");
  });

  it("scopes the override to the dependent when the root also depends on the package directly", () => {
    const plan = planDependencyUpgrade(npm("minimist", "0.0.8", "0.2.4"), reader(v3));
    const after = applyPlan(v3, plan);
    expect(JSON.parse(after.get("package.json")!).overrides).toEqual({ mkdirp: { minimist: "0.2.4" } });
    // the direct copy and its declared range are untouched
    expect(JSON.parse(after.get("package.json")!).devDependencies.minimist).toBe("~1.2.5");
    expect(parsedVersions(after, "package-lock.json")).toEqual(
      expect.arrayContaining(["minimist@1.2.5", "minimist@0.2.4"]),
    );
  });

  it("extends an existing overrides object", () => {
    const files = new Map(v3);
    const manifest = JSON.parse(v3.get("package.json")!);
    manifest.overrides = { semver: "7.5.2", qs: { ".": "6.11.1", "side-channel": "1.0.6" } };
    files.set("package.json", `${JSON.stringify(manifest, null, 2)}\n`);
    const plan = planDependencyUpgrade(npm("qs", "6.11.0", "6.11.3"), reader(files));
    expect(JSON.parse(applyPlan(files, plan).get("package.json")!).overrides).toEqual({
      semver: "7.5.2",
      qs: { ".": "6.11.3", "side-channel": "1.0.6" },
    });
  });

  it("writes the fixed version as full SemVer whatever the advisory wrote", () => {
    const plan = planDependencyUpgrade(npm("lodash", "4.17.15", "4.18"), reader(v3));
    const lock = JSON.parse(applyPlan(v3, plan).get("package-lock.json")!);
    expect(lock.packages["node_modules/lodash"].version).toBe("4.18.0");
    expect(lock.packages[""].dependencies.lodash).toBe("^4.18.0");
    const prefixed = planDependencyUpgrade(npm("lodash", "4.17.15", "v4.17.21"), reader(v3));
    expect(JSON.parse(applyPlan(v3, prefixed).get("package.json")!).dependencies.lodash).toBe("^4.17.21");
  });

  it("adds no resolved URL to a lock written without them (omit-lockfile-registry-resolved)", () => {
    const files = new Map(v3);
    const lock = JSON.parse(v3.get("package-lock.json")!);
    delete lock.packages["node_modules/lodash"].resolved;
    files.set("package-lock.json", `${JSON.stringify(lock, null, 2)}\n`);
    const after = applyPlan(files, planDependencyUpgrade(npm("lodash", "4.17.15", "4.17.21"), reader(files)));
    expect(JSON.parse(after.get("package-lock.json")!).packages["node_modules/lodash"]).toEqual({
      version: "4.17.21",
      license: "MIT",
    });
  });

  it("plans from package.json too, finding the lockfile beside it", () => {
    const plan = planDependencyUpgrade(npm("lodash", "4.17.15", "4.17.21", "package.json"), reader(v3));
    expect(plan.ok && plan.changes.map((change) => change.path)).toEqual([
      "package.json",
      "package-lock.json",
    ]);
  });

  it("keeps tabs, CRLF line endings and a missing final newline", () => {
    const files = new Map(v3);
    const tabbed = (text: string) => JSON.stringify(JSON.parse(text), null, "\t").replace(/\n/g, "\r\n");
    files.set("package-lock.json", tabbed(v3.get("package-lock.json")!));
    files.set("package.json", tabbed(v3.get("package.json")!));
    const plan = planDependencyUpgrade(npm("lodash", "4.17.15", "4.17.21"), reader(files));
    expect(plan.ok && plan.notes.some((note) => note.includes("npm's JSON layout"))).toBe(false);
    const after = applyPlan(files, plan);
    expect(after.get("package.json")).toBe(files.get("package.json")!.replace('"^4.17.15"', '"^4.17.21"'));
    expect(after.get("package-lock.json")!.split("\r\n").length).toBe(
      files.get("package-lock.json")!.split("\r\n").length - 1, // the integrity line
    );
  });

  it("edits a hand-formatted package.json in place, and leaves it alone when only the lock changes", () => {
    const files = new Map(v3);
    const handWritten = v3
      .get("package.json")!
      .replace('"private": true,', '"private": true, "files": [ "dist" ],');
    files.set("package.json", handWritten);
    const direct = planDependencyUpgrade(npm("lodash", "4.17.15", "4.17.21"), reader(files));
    expect(direct.ok && direct.changes[0]).toEqual({
      path: "package.json",
      before: handWritten,
      after: handWritten.replace('"lodash": "^4.17.15"', '"lodash": "^4.17.21"'),
    });
    expect(direct.ok && direct.notes.some((note) => note.includes("npm's JSON layout"))).toBe(false);
    const transitive = planDependencyUpgrade(npm("@babel/traverse", "7.22.0", "7.23.2"), reader(files));
    expect(transitive.ok && transitive.changes.map((change) => change.path)).toEqual(["package-lock.json"]);
  });

  it("says so when adding an override re-lays out a hand-formatted package.json", () => {
    const files = new Map(v3);
    files.set(
      "package.json",
      v3.get("package.json")!.replace('"private": true,', '"private": true, "files": [ "dist" ],'),
    );
    const plan = planDependencyUpgrade(npm("qs", "6.11.0", "6.11.3"), reader(files));
    expect(plan.ok && plan.notes).toContain(
      "package.json was rewritten in npm's JSON layout, so lines other than the upgrade may differ.",
    );
    expect(JSON.parse(applyPlan(files, plan).get("package.json")!).files).toEqual(["dist"]);
  });
});

describe("npm, package-lock.json v1", () => {
  it("raises a direct dependency (4-space indent kept)", () => {
    const plan = planDependencyUpgrade(npm("accepts", "1.3.7", "1.3.8"), reader(v1));
    expect(plan.ok && renderUpgradeDiff(plan.changes)).toMatchInlineSnapshot(`
      "--- a/package.json
      +++ b/package.json
      @@ -2,7 +2,7 @@
           "name": "old-app",
           "version": "1.0.0",
           "dependencies": {
      -        "accepts": "^1.3.7"
      +        "accepts": "^1.3.8"
           },
           "devDependencies": {
               "chai": "^4.2.0"
      --- a/package-lock.json
      +++ b/package-lock.json
      @@ -5,9 +5,8 @@
           "requires": true,
           "dependencies": {
               "accepts": {
      -            "version": "1.3.7",
      -            "resolved": "https://registry.npmjs.org/accepts/-/accepts-1.3.7.tgz",
      -            "integrity": "sha512-SJR0yGF3j1BPnEHLbXRywfr5pd1/uayuwVzXXSj6lPoTcJB249h84tNwuL3ch7P+FG00pNTk470G5cvmfvxj0w==",
      +            "version": "1.3.8",
      +            "resolved": "https://registry.npmjs.org/accepts/-/accepts-1.3.8.tgz",
                   "requires": {
                       "mime-types": "~2.1.24",
                       "negotiator": "0.6.2"
      "
    `);
    expect(parsedVersions(applyPlan(v1, plan), "package-lock.json")).toContain("accepts@1.3.8");
  });

  it("moves every copy at the vulnerable version, nested ones included", () => {
    const plan = planDependencyUpgrade(npm("lodash", "4.17.15", "4.17.21"), reader(v1));
    expect(plan.ok && plan.changes.map((change) => change.path)).toEqual(["package-lock.json"]);
    const lock = JSON.parse(applyPlan(v1, plan).get("package-lock.json")!);
    expect(lock.dependencies.lodash.version).toBe("4.17.21");
    expect(lock.dependencies["type-detect"].dependencies.lodash).toEqual({
      version: "4.17.21",
      resolved: "https://registry.npmjs.org/lodash/-/lodash-4.17.21.tgz",
      dev: true,
    });
  });

  it("overrides a pinned transitive dependency and warns that npm 6 ignores overrides", () => {
    const plan = planDependencyUpgrade(npm("mime-db", "1.44.0", "1.52.0"), reader(v1));
    expect(plan.ok && plan.notes.slice(0, 2)).toEqual([
      'mime-types requires "1.44.0", which excludes 1.52.0: package.json overrides it with "mime-db": "1.52.0" (npm 8.3 or later).',
      "lockfileVersion 1 is npm 6's format, and npm 6 ignores overrides: install with npm 8.3 or later.",
    ]);
    const after = applyPlan(v1, plan);
    expect(JSON.parse(after.get("package.json")!).overrides).toEqual({ "mime-db": "1.52.0" });
    expect(parsedVersions(after, "package-lock.json")).toContain("mime-db@1.52.0");
  });

  it("keeps an npm: alias an alias", () => {
    const files = new Map(v1);
    const lock = JSON.parse(v1.get("package-lock.json")!);
    lock.dependencies["lodash-old"] = {
      version: "npm:lodash@4.17.15",
      resolved: "https://registry.npmjs.org/lodash/-/lodash-4.17.15.tgz",
    };
    files.set("package-lock.json", `${JSON.stringify(lock, null, 4)}\n`);
    const manifest = JSON.parse(v1.get("package.json")!);
    manifest.dependencies["lodash-old"] = "npm:lodash@^4.17.15";
    files.set("package.json", `${JSON.stringify(manifest, null, 4)}\n`);
    const after = applyPlan(files, planDependencyUpgrade(npm("lodash", "4.17.15", "4.17.21"), reader(files)));
    expect(JSON.parse(after.get("package.json")!).dependencies["lodash-old"]).toBe("npm:lodash@^4.17.21");
    expect(JSON.parse(after.get("package-lock.json")!).dependencies["lodash-old"].version).toBe(
      "npm:lodash@4.17.21",
    );
  });
});

describe("npm refusals", () => {
  it("refuses a downgrade and a same-version 'upgrade'", () => {
    expect(planDependencyUpgrade(npm("lodash", "4.17.15", "4.17.11"), reader(v3))).toEqual({
      ok: false,
      reason: "lodash: 4.17.11 is not above the installed 4.17.15: that would not be an upgrade",
    });
    expect(planDependencyUpgrade(npm("lodash", "4.17.15", "4.17.15"), reader(v3)).ok).toBe(false);
  });

  it("refuses a package the lock does not hold at that version (names are case-sensitive)", () => {
    expect(planDependencyUpgrade(npm("Lodash", "4.17.15", "4.17.21"), reader(v3))).toEqual({
      ok: false,
      reason: "package-lock.json has no entry for Lodash@4.17.15",
    });
    expect(planDependencyUpgrade(npm("lodash", "4.17.14", "4.17.21"), reader(v3)).ok).toBe(false);
  });

  it("refuses a corrupt lockfile or package.json with the parse error", () => {
    const files = new Map(v3);
    files.set("package-lock.json", v3.get("package-lock.json")!.slice(0, 200));
    const plan = planDependencyUpgrade(npm("lodash", "4.17.15", "4.17.21"), reader(files));
    expect(plan.ok).toBe(false);
    expect(!plan.ok && plan.reason).toMatch(/^package-lock\.json: invalid JSON: /);
    const badManifest = new Map(v3);
    badManifest.set("package.json", "{ nope");
    const manifestPlan = planDependencyUpgrade(npm("lodash", "4.17.15", "4.17.21"), reader(badManifest));
    expect(!manifestPlan.ok && manifestPlan.reason).toMatch(/^package\.json: invalid JSON: /);
  });

  it("refuses a missing lockfile, other lockfile formats and a git dependency", () => {
    expect(planDependencyUpgrade(npm("lodash", "4.17.15", "4.17.21"), reader(new Map()))).toEqual({
      ok: false,
      reason: "package-lock.json not found",
    });
    expect(planDependencyUpgrade(npm("lodash", "4.17.15", "4.17.21", "web/yarn.lock"), reader(v3))).toEqual({
      ok: false,
      reason: "web/yarn.lock: upgrading yarn.lock offline is not supported yet (only package-lock.json)",
    });
    const files = new Map(v3);
    files.set(
      "package.json",
      v3.get("package.json")!.replace('"^4.17.15"', '"github:lodash/lodash#4.17.15"'),
    );
    expect(planDependencyUpgrade(npm("lodash", "4.17.15", "4.17.21"), reader(files))).toEqual({
      ok: false,
      reason:
        'package.json: lodash is declared as "github:lodash/lodash#4.17.15", not a registry version; upgrade it by hand',
    });
  });

  it("refuses a lock version it does not know", () => {
    const files = new Map(v3);
    files.set("package-lock.json", '{ "lockfileVersion": 4, "packages": {} }\n');
    expect(planDependencyUpgrade(npm("lodash", "4.17.15", "4.17.21"), reader(files))).toEqual({
      ok: false,
      reason: "package-lock.json: unsupported lockfileVersion 4",
    });
  });
});

describe("npm ranges and tarball URLs", () => {
  it.each([
    ["^1.2.3", "1.2.5", "^1.2.5"],
    ["~1.2.3", "1.2.5", "~1.2.5"],
    ["1.2.3", "1.2.5", "1.2.5"],
    [">=1.2.3", "1.2.5", ">=1.2.5"],
    ["=1.2.3", "1.2.5", "=1.2.5"],
    ["^2.0.0", "1.2.5", "^2.0.0"],
    ["npm:real@^1.2.3", "1.2.5", "npm:real@^1.2.5"],
    ["1.x", "1.2.5", "1.x"],
    ["<1.2.4", "1.2.5", "^1.2.5"],
    ["latest", "1.2.5", "latest"],
  ])("%s with fix %s → %s", (spec, fixed, expected) => {
    const rewrite = rewriteNpmSpec("pkg", spec, fixed);
    expect("spec" in rewrite && rewrite.spec).toBe(expected);
  });

  it("refuses non-registry specs", () => {
    for (const spec of ["file:../lib", "git+https://x/y.git", "user/repo", "https://x/y.tgz", "workspace:*"])
      expect(rewriteNpmSpec("pkg", spec, "1.0.0")).toHaveProperty("problem");
  });

  it("builds scoped URLs and keeps a mirror", () => {
    expect(tarballUrl("@babel/traverse", "7.23.2", undefined, "7.22.0")).toBe(
      "https://registry.npmjs.org/@babel/traverse/-/traverse-7.23.2.tgz",
    );
    expect(tarballUrl("qs", "6.11.3", "https://npm.corp.example/repo/qs/-/qs-6.11.0.tgz", "6.11.0")).toBe(
      "https://npm.corp.example/repo/qs/-/qs-6.11.3.tgz",
    );
    expect(tarballUrl("qs", "6.11.3", "https://odd.example/qs.tgz", "6.11.0")).toBe(
      "https://registry.npmjs.org/qs/-/qs-6.11.3.tgz",
    );
  });
});

describe("npm, package-lock.json v2 and workspaces", () => {
  it("v2: moves both the packages entry and the legacy dependencies entry", () => {
    const v2 = fixtureFiles("npm-v2");
    const plan = planDependencyUpgrade(npm("minimist", "1.2.5", "1.2.6"), reader(v2));
    const after = applyPlan(v2, plan);
    const lock = JSON.parse(after.get("package-lock.json")!);
    expect(lock.packages["node_modules/minimist"].version).toBe("1.2.6");
    expect(lock.dependencies.minimist).toEqual({
      version: "1.2.6",
      resolved: "https://registry.npmjs.org/minimist/-/minimist-1.2.6.tgz",
    });
    expect(lock.packages[""].dependencies.minimist).toBe("^1.2.6");
    expect(JSON.parse(after.get("package.json")!).dependencies.minimist).toBe("^1.2.6");
    // mocha's own 1.2.8 copy is above the fix and stays
    expect(parsedVersions(after, "package-lock.json")).toEqual(
      expect.arrayContaining(["minimist@1.2.6", "minimist@1.2.8"]),
    );
  });

  it("edits the workspace's package.json for a copy nested under the workspace", () => {
    const workspaces = fixtureFiles("npm-workspaces");
    const plan = planDependencyUpgrade(npm("ms", "2.1.2", "2.1.3"), reader(workspaces));
    expect(plan.ok && plan.changes.map((change) => change.path)).toEqual([
      "packages/api/package.json",
      "package-lock.json",
    ]);
    const after = applyPlan(workspaces, plan);
    expect(JSON.parse(after.get("packages/api/package.json")!).dependencies.ms).toBe("^2.1.3");
    const lock = JSON.parse(after.get("package-lock.json")!);
    expect(lock.packages["packages/api"].dependencies.ms).toBe("^2.1.3");
    expect(lock.packages["packages/api/node_modules/ms"].version).toBe("2.1.3");
    expect(lock.packages["node_modules/ms"].version).toBe("2.0.0");
  });

  it("edits the declaring workspace's package.json for a copy hoisted to the root", () => {
    const workspaces = fixtureFiles("npm-workspaces");
    const plan = planDependencyUpgrade(npm("lodash", "4.17.15", "4.17.21"), reader(workspaces));
    expect(plan.ok && plan.changes.map((change) => change.path)).toEqual([
      "packages/api/package.json",
      "package-lock.json",
    ]);
    expect(parsedVersions(applyPlan(workspaces, plan), "package-lock.json")).toContain("lodash@4.17.21");
  });
});
