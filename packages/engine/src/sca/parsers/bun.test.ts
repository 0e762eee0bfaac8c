import { describe, expect, it } from "vitest";
import { parseBunLock, parseBunLockb } from "./bun.ts";
import { parseFixture, rows } from "./fixture-harness.ts";

describe("bun.lock", () => {
  it("v1: workspaces, nested install paths, dev by reachability, git deps skipped", () => {
    const outcome = parseFixture(parseBunLock, "bun/v1/bun.lock");
    expect(rows(outcome)).toEqual([
      "ms@2.1.3 direct prod :26",
      "send@0.18.0 direct prod :28",
      "typescript@5.3.3 direct dev :30",
      "debug@2.6.9 transitive prod :32",
      "ms@2.0.0 transitive prod :34",
    ]);
    if (outcome.ok)
      expect(outcome.warnings).toEqual([expect.stringContaining("left-pad: not from the registry")]);
  });

  it("v0 with comments and trailing commas", () => {
    expect(rows(parseFixture(parseBunLock, "bun/v0/bun.lock"))).toEqual(["zod@3.22.4 direct prod :12"]);
  });

  it("refuses unknown versions", () => {
    expect(parseFixture(parseBunLock, "bun/broken/future.lock")).toEqual({
      ok: false,
      reason: "bun/broken/future.lock: unsupported lockfileVersion 3",
    });
  });

  it("bun.lockb: a reason that says how to write bun.lock, or a note when bun.lock is beside it", () => {
    const outcome = parseFixture(parseBunLockb, "bun/binary/bun.lockb");
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) {
      expect(outcome.reason).toMatch(/^bun\/binary\/bun\.lockb: bun\.lockb is Bun's binary lockfile/);
      expect(outcome.reason).toContain("bun install --save-text-lockfile");
    }
    const beside = parseBunLockb("app/bun.lockb", "\u0000", (path) =>
      path === "app/bun.lock" ? "{}" : undefined,
    );
    expect(beside).toEqual({
      ok: true,
      packages: [],
      warnings: ["binary lockfile not read: the bun.lock beside it is"],
    });
  });
});
