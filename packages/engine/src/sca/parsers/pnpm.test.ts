import { describe, expect, it } from "vitest";
import { parseFixture, rows } from "./fixture-harness.ts";
import { parsePnpmLock } from "./pnpm.ts";

describe("pnpm-lock.yaml", () => {
  it("v5: /name/version keys, _peer suffixes, aliases, dev flags, git deps skipped", () => {
    const outcome = parseFixture(parsePnpmLock, "pnpm/v5/pnpm-lock.yaml");
    expect(rows(outcome)).toEqual([
      "@types/prop-types@15.7.5 transitive dev :19",
      "@types/react@18.0.28 direct dev :23",
      "js-tokens@4.0.0 transitive prod :29",
      "loose-envify@1.4.0 transitive prod :33",
      "react-dom@18.2.0 direct prod :40",
      "react@18.2.0 direct prod :49",
      "string-width@4.2.3 direct prod :56",
    ]);
    if (outcome.ok)
      expect(outcome.warnings).toEqual([expect.stringContaining("left-pad: not from the registry")]);
  });

  it("v5: keys of packages from another registry start with its host", () => {
    const outcome = parseFixture(parsePnpmLock, "pnpm/v5-registries/pnpm-lock.yaml");
    expect(rows(outcome)).toEqual(["lodash@4.17.20 direct prod :13", "@acme/ui@2.0.1 direct prod :17"]);
    if (outcome.ok)
      expect(outcome.warnings).toEqual([expect.stringContaining("is-positive: not from the registry")]);
  });

  it("v6: importers, (peer) suffixes, workspace links", () => {
    expect(rows(parseFixture(parsePnpmLock, "pnpm/v6/pnpm-lock.yaml"))).toEqual([
      "js-tokens@4.0.0 transitive prod :26",
      "loose-envify@1.4.0 transitive prod :30",
      "react-dom@18.2.0 direct prod :37",
      "react@18.2.0 transitive prod :46",
      "vitest@1.2.0 direct dev :53",
    ]);
  });

  it("v9: snapshots graph, dev by reachability, aliases", () => {
    expect(rows(parseFixture(parsePnpmLock, "pnpm/v9/pnpm-lock.yaml"))).toEqual([
      "@tanstack/query-core@5.17.9 transitive prod :27",
      "@tanstack/react-query@5.17.9 direct prod :30",
      "is-even@1.0.0 direct prod :35",
      "js-tokens@4.0.0 transitive prod :39",
      "loose-envify@1.4.0 transitive prod :42",
      "react@18.2.0 direct prod :46",
      "typescript@5.3.3 direct dev :50",
    ]);
  });

  it("refuses unknown versions and corrupt files", () => {
    expect(parseFixture(parsePnpmLock, "pnpm/broken/future.yaml")).toEqual({
      ok: false,
      reason: "pnpm/broken/future.yaml: unsupported lockfileVersion 10.0",
    });
    expect(parseFixture(parsePnpmLock, "pnpm/broken/corrupt.yaml").ok).toBe(false);
  });
});
