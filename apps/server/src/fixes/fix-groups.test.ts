import { listControls } from "@rampart/policy";
import { describe, expect, it } from "vitest";
import { dependencyGroupKey, planDependencyGroup } from "./fix-groups.ts";
import type { FindingForFix, PlanUpgrade } from "./fix-plans.ts";

const CONTROL = listControls()[0]!;

const finding = (
  fingerprint: string,
  packageName: string,
  properties: Record<string, unknown> = {},
): FindingForFix => ({
  ruleId: "sca/vulnerable-dependency",
  analyzer: "sca",
  severity: "high",
  message: `${packageName} is vulnerable`,
  filePath: "package.json",
  line: 1,
  fingerprint,
  metadata: {
    controls: [CONTROL.code],
    properties: {
      ecosystem: "npm",
      packageName,
      packageVersion: "1.0.0",
      fixedVersion: "1.0.1",
      cveId: `CVE-${fingerprint}`,
      ...properties,
    },
  },
});

const MANIFEST = '{"a": "1.0.0", "b": "1.0.0", "c": "1.0.0"}';
const files: Record<string, string> = { "package.json": MANIFEST };
const readFile = (path: string) => files[path] ?? null;
/** Rewrites the package's version in package.json as the files stand: upgrades build on each other. */
const planUpgrade: PlanUpgrade = (request, read) => {
  const before = read(request.filePath)!;
  if (request.name === "c") return { ok: false, reason: "c is pinned by another package" };
  return {
    ok: true,
    changes: [
      {
        path: request.filePath,
        before,
        after: before.replace(
          `"${request.name}": "${request.installedVersion}"`,
          `"${request.name}": "${request.fixedVersion}"`,
        ),
      },
    ],
    summary: `Upgrade ${request.name} from ${request.installedVersion} to ${request.fixedVersion}`,
    notes: [],
  };
};
const specEcosystem = (ecosystem: string) => ({ PyPI: "pip" })[ecosystem] ?? ecosystem;
const plan = (input: { requested: FindingForFix; grouped?: string[]; runFindings: FindingForFix[] }) =>
  planDependencyGroup({
    requested: input.requested,
    grouped: new Set(input.grouped ?? []),
    runFindings: input.runFindings,
    readFile,
    planUpgrade,
    specEcosystem,
  });

describe("dependencyGroupKey", () => {
  it("is one key per ecosystem", () => {
    expect(dependencyGroupKey(finding("1", "a"))).toBe("dependencies:npm");
    expect(dependencyGroupKey(finding("2", "b"))).toBe("dependencies:npm");
    expect(dependencyGroupKey(finding("3", "x", { ecosystem: "PyPI" }))).toBe("dependencies:PyPI");
  });
});

describe("planDependencyGroup", () => {
  const a = finding("1", "a");
  const b = finding("2", "b");
  const b2 = finding("3", "b", { fixedVersion: "1.0.2" });
  const python = finding("4", "x", { ecosystem: "PyPI" });

  it("a new group of one upgrade: the upgrade's own title, the group's branch", () => {
    const result = plan({ requested: a, runFindings: [a, b] });
    if (!result.ok) throw new Error(result.reason);
    expect(result.plan).toMatchObject({
      kind: "dependency",
      fixKey: "dependencies:npm",
      slug: "npm-dependencies",
      title: "Upgrade a from 1.0.0 to 1.0.1 (CVE-1)",
      fixedFingerprints: ["1"],
    });
    expect(result.plan.upgrades).toEqual([
      expect.objectContaining({ name: "a", from: "1.0.0", to: "1.0.1", advisories: ["CVE-1"] }),
    ]);
  });

  it("adds an upgrade to the group's others, both in one change of the file", () => {
    const result = plan({ requested: b, grouped: ["1"], runFindings: [a, b, b2, python] });
    if (!result.ok) throw new Error(result.reason);
    expect(result.plan.title).toBe("Upgrade 2 npm dependencies: a and b");
    expect(result.plan.changes).toEqual([
      { path: "package.json", before: MANIFEST, after: '{"a": "1.0.1", "b": "1.0.2", "c": "1.0.0"}' },
    ]);
    // b's two advisories, to the version that fixes both; never the other ecosystem's finding.
    expect(result.plan.fixedFingerprints.sort()).toEqual(["1", "2", "3"]);
    expect(result.plan.upgrades!.map((upgrade) => [upgrade.name, upgrade.to, upgrade.advisories])).toEqual([
      ["a", "1.0.1", ["CVE-1"]],
      ["b", "1.0.2", ["CVE-2", "CVE-3"]],
    ]);
    expect(result.plan.body).toContain("#### a 1.0.0 → 1.0.1");
    expect(result.plan.body).toContain("#### b 1.0.0 → 1.0.2");
    expect(result.plan.controls).toEqual([{ code: CONTROL.code, title: CONTROL.title }]);
  });

  it("drops a grouped finding the run no longer reports", () => {
    const result = plan({ requested: b, grouped: ["1", "gone"], runFindings: [b] });
    if (!result.ok) throw new Error(result.reason);
    expect(result.plan.fixedFingerprints).toEqual(["2"]);
    expect(result.plan.title).toMatch(/^Upgrade b from 1\.0\.0 to 1\.0\.1/);
  });

  it("keeps the group going without an upgrade that cannot be made any more, and says so", () => {
    const c = finding("5", "c");
    const result = plan({ requested: a, grouped: ["5"], runFindings: [a, c] });
    if (!result.ok) throw new Error(result.reason);
    expect(result.plan.fixedFingerprints).toEqual(["1"]);
    expect(result.plan.body).toContain("No longer in this pull request");
    expect(result.plan.body).toContain("c in `package.json`: The upgrade cannot be planned: c is pinned");
  });

  it("refuses the requested upgrade when it cannot be made, and an ecosystem the planner lacks", () => {
    const c = finding("5", "c");
    expect(plan({ requested: c, grouped: ["1"], runFindings: [a, c] })).toEqual({
      ok: false,
      reason: "The upgrade cannot be planned: c is pinned by another package",
    });
    expect(plan({ requested: finding("6", "m", { ecosystem: "Maven" }), runFindings: [] })).toMatchObject({
      ok: false,
      reason: "Automated fixes not yet supported for Maven",
    });
  });
});
