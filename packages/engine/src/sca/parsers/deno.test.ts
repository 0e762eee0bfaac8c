import { describe, expect, it } from "vitest";
import { parseDenoLock } from "./deno-lock.ts";
import { parseFixture, rows } from "./fixture-harness.ts";

describe("deno.lock", () => {
  it("v4: npm packages with peer suffixes, direct from the workspace, dev from package.json", () => {
    const outcome = parseFixture(parseDenoLock, "deno/v4/deno.lock");
    expect(rows(outcome)).toEqual([
      "@types/node@22.5.4 direct prod :24",
      "chalk@5.3.0 direct prod :30",
      "express@4.18.2 direct prod :33",
      "preact-render-to-string@6.5.11 direct prod :39",
      "preact@10.24.3 transitive prod :45",
      "qs@6.11.0 transitive prod :48",
      "undici-types@6.19.8 transitive prod :51",
      "vitest@2.1.4 direct prod :54",
    ]);
    if (!outcome.ok) return;
    expect(outcome.packages[0]!.purl).toBe("pkg:npm/%40types/node@22.5.4");
    expect(outcome.warnings).toEqual([
      "2 JSR package(s) not checked: OSV has no JSR ecosystem to match them against",
    ]);
  });

  it("v4: package.json devDependencies are dev", () => {
    const text = JSON.stringify({
      version: "4",
      specifiers: { "npm:vitest@^2": "2.1.4", "npm:zod@3": "3.23.8" },
      npm: { "vitest@2.1.4": { integrity: "sha512-x" }, "zod@3.23.8": { integrity: "sha512-y" } },
      workspace: { packageJson: { dependencies: ["npm:zod@3"], devDependencies: ["npm:vitest@^2"] } },
    });
    expect(rows(parseDenoLock("deno.lock", text))).toEqual([
      "vitest@2.1.4 direct dev :1",
      "zod@3.23.8 direct prod :1",
    ]);
  });

  it("v3: `packages` section with npm:-prefixed resolutions", () => {
    expect(rows(parseFixture(parseDenoLock, "deno/v3/deno.lock"))).toEqual([
      "@oak/commons@0.1.0 transitive prod :15",
      "lodash@4.17.20 direct prod :19",
    ]);
  });

  it("v2: `npm.packages`, every specifier direct", () => {
    expect(rows(parseFixture(parseDenoLock, "deno/v2/deno.lock"))).toEqual([
      "minimist@1.2.5 direct prod :11",
    ]);
  });

  it("refuses unknown versions and files that are not a deno.lock", () => {
    expect(parseDenoLock("deno.lock", '{"version": "9", "npm": {}}')).toEqual({
      ok: false,
      reason: "deno.lock: unsupported deno.lock version 9",
    });
    expect(parseDenoLock("deno.lock", '{"name": "x"}').ok).toBe(false);
    expect(parseDenoLock("deno.lock", "{").ok).toBe(false);
  });
});
