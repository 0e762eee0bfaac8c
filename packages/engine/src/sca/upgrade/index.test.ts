import { describe, expect, it } from "vitest";
import { planDependencyUpgrade, renderUpgradeDiff } from "./index.ts";

describe("planDependencyUpgrade", () => {
  it("refuses versions the ecosystem cannot read", () => {
    expect(
      planDependencyUpgrade(
        {
          ecosystem: "npm",
          name: "a",
          installedVersion: "1.0.0",
          fixedVersion: "soon",
          filePath: "package-lock.json",
        },
        () => null,
      ),
    ).toEqual({ ok: false, reason: 'a: fixed version "soon" is not a npm version' });
  });

  it("compares with the ecosystem's order (PEP 440: 1.0 == 1.0.0, 1.0rc1 < 1.0)", () => {
    const request = { ecosystem: "PyPI", name: "a", filePath: "requirements.txt" } as const;
    expect(
      planDependencyUpgrade({ ...request, installedVersion: "1.0", fixedVersion: "1.0.0" }, () => "a==1.0\n")
        .ok,
    ).toBe(false);
    const plan = planDependencyUpgrade(
      { ...request, installedVersion: "1.0rc1", fixedVersion: "1.0" },
      () => "a==1.0rc1\n",
    );
    expect(plan.ok && plan.changes[0]!.after).toBe("a==1.0\n");
  });

  it("answers a reading failure with a reason instead of throwing", () => {
    const plan = planDependencyUpgrade(
      { ecosystem: "Go", name: "m", installedVersion: "v1.0.0", fixedVersion: "v1.0.1", filePath: "go.mod" },
      () => {
        throw new Error("disk on fire");
      },
    );
    expect(plan).toEqual({ ok: false, reason: "planning the upgrade failed: disk on fire" });
  });
});

describe("renderUpgradeDiff", () => {
  it("renders every change as one git-style unified diff", () => {
    expect(
      renderUpgradeDiff([
        { path: "a.txt", before: "x\ny\n", after: "x\nz\n" },
        { path: "b/c.txt", before: "1\n", after: "2\n" },
      ]),
    ).toBe(
      "--- a/a.txt\n+++ b/a.txt\n@@ -1,2 +1,2 @@\n x\n-y\n+z\n--- a/b/c.txt\n+++ b/b/c.txt\n@@ -1,1 +1,1 @@\n-1\n+2\n",
    );
  });
});
