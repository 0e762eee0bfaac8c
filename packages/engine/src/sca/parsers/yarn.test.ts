import { describe, expect, it } from "vitest";
import { parseFixture, rows } from "./fixture-harness.ts";
import { parseYarnLock } from "./yarn.ts";

describe("yarn.lock", () => {
  it("v1: multi-descriptor entries, aliases, dev through the graph, git deps skipped", () => {
    const outcome = parseFixture(parseYarnLock, "yarn/v1/yarn.lock");
    expect(rows(outcome)).toEqual([
      "@babel/code-frame@7.12.13 direct prod :5",
      "@babel/highlight@7.13.10 transitive prod :12",
      "eslint@7.20.0 direct dev :19",
      "@babel/code-frame@7.12.11 transitive dev :26",
      "js-tokens@4.0.0 transitive prod :31",
      "lodash@4.17.15 direct prod :36",
    ]);
    if (outcome.ok)
      expect(outcome.warnings).toEqual([expect.stringContaining("my-fork: not from the registry")]);
  });

  it("berry: workspaces, npm: aliases, patched packages", () => {
    expect(rows(parseFixture(parseYarnLock, "yarn/berry/yarn.lock"))).toEqual([
      "ansi-regex@5.0.1 transitive prod :8",
      "react@17.0.2 direct prod :25",
      "strip-ansi@6.0.1 direct prod :32",
      "typescript@5.3.3 direct dev :41",
    ]);
  });

  it("refuses unknown Berry versions and corrupt files", () => {
    expect(parseFixture(parseYarnLock, "yarn/broken/future.yarn.lock")).toEqual({
      ok: false,
      reason: "yarn/broken/future.yarn.lock: unsupported yarn.lock __metadata.version 12",
    });
    const corrupt = parseFixture(parseYarnLock, "yarn/broken/corrupt.yarn.lock");
    expect(corrupt.ok).toBe(false);
  });
});
