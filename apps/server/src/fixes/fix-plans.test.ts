import { describe, expect, it } from "vitest";
import {
  type FindingForFix,
  type PlanUpgrade,
  planDependencyFix,
  planPatchFix,
  slugify,
} from "./fix-plans.ts";

const dependency = (properties: Record<string, unknown>, fingerprint = "f"): FindingForFix => ({
  ruleId: "sca/vulnerable-dependency",
  analyzer: "sca",
  severity: "high",
  message: "lodash 4.17.20 is affected by GHSA-35jh-r3h4-6jhm",
  filePath: "package-lock.json",
  line: 12,
  fingerprint,
  metadata: {
    properties: {
      ecosystem: "npm",
      packageName: "lodash",
      packageVersion: "4.17.20",
      fixedVersion: "4.17.21",
      cveId: "GHSA-35jh-r3h4-6jhm",
      ...properties,
    },
  },
});
const specName = (ecosystem: string) => ({ Maven: "maven", NuGet: "nuget" })[ecosystem] ?? ecosystem;
const upgraded: PlanUpgrade = (request) => ({
  ok: true,
  changes: [
    { path: "package.json", before: '"lodash": "4.17.20"\n', after: `"lodash": "${request.fixedVersion}"\n` },
  ],
  summary: `Upgrade lodash from 4.17.20 to ${request.fixedVersion} (direct dependency) in package.json`,
  notes: ["Run `npm install` to restore the integrity hash."],
});
const unreachable: PlanUpgrade = () => {
  throw new Error("the planner must not be asked");
};

describe("planDependencyFix", () => {
  it("refuses ecosystems the planner does not handle, in the spec's words", () => {
    expect(
      planDependencyFix(dependency({ ecosystem: "Maven" }), [], () => null, unreachable, specName),
    ).toEqual({
      ok: false,
      reason: "Automated fixes not yet supported for maven",
    });
  });

  it("refuses a vulnerability without a fixed version", () => {
    const result = planDependencyFix(
      dependency({ fixedVersion: null }),
      [],
      () => null,
      unreachable,
      specName,
    );
    expect(result).toMatchObject({
      ok: false,
      reason: expect.stringContaining("No fixed version of lodash"),
    });
  });

  it("passes the planner's refusal on", () => {
    const refused: PlanUpgrade = () => ({ ok: false, reason: "lodash is not in package-lock.json" });
    expect(planDependencyFix(dependency({}), [], () => null, refused, specName)).toEqual({
      ok: false,
      reason: "The upgrade cannot be planned: lodash is not in package-lock.json",
    });
  });

  it("names the branch, title and body after the upgrade, with the planner's notes", () => {
    const result = planDependencyFix(dependency({}), [], () => null, upgraded, specName);
    if (!result.ok) throw new Error(result.reason);
    expect(result.plan).toMatchObject({
      kind: "dependency",
      slug: "upgrade-lodash-4.17.21",
      title: "Upgrade lodash from 4.17.20 to 4.17.21 (GHSA-35jh-r3h4-6jhm)",
      fixKey: "upgrade:npm:package-lock.json:lodash@4.17.20->4.17.21",
      fixedFingerprints: ["f"],
      testsAdded: false,
    });
    expect(result.plan.body).toContain("- Run `npm install` to restore the integrity hash.");
    expect(result.plan.patch).toContain('+"lodash": "4.17.21"');
  });

  it("makes one upgrade of every advisory of the package, to the highest fixed version, listing each", () => {
    const asked = dependency({ cveId: "CVE-2021-23337", fixedVersion: "4.17.21" }, "a");
    const siblings = [
      dependency({ cveId: "CVE-2020-8203", fixedVersion: "4.17.19", summary: "Prototype pollution" }, "b"),
      // 4.17.100 > 4.17.21 in semver, although not as text: the versions are compared as versions.
      dependency({ cveId: "CVE-2099-0001", fixedVersion: "4.17.100" }, "c"),
      dependency({ cveId: "CVE-2099-0002", fixedVersion: null }, "d"),
      dependency({ cveId: "CVE-2099-0003", packageVersion: "3.10.1", fixedVersion: "4.17.21" }, "e"),
      dependency({ cveId: "CVE-2099-0004", packageName: "minimist", fixedVersion: "1.2.6" }, "g"),
    ];
    const result = planDependencyFix(asked, siblings, () => null, upgraded, specName);
    if (!result.ok) throw new Error(result.reason);
    expect(result.plan).toMatchObject({
      slug: "upgrade-lodash-4.17.100",
      title: "Upgrade lodash from 4.17.20 to 4.17.100 (CVE-2020-8203, CVE-2021-23337 and 1 more)",
      fixKey: "upgrade:npm:package-lock.json:lodash@4.17.20->4.17.100",
    });
    expect(result.plan.fixedFingerprints.sort()).toEqual(["a", "b", "c"]);
    expect(result.plan.body).toContain("affected by 3 advisories");
    expect(result.plan.body).toContain("- CVE-2020-8203 (high): Prototype pollution; fixed in 4.17.19");
    expect(result.plan.body).toContain("- CVE-2021-23337 (high); fixed in 4.17.21");
    expect(result.plan.body).toContain("- CVE-2099-0001 (high); fixed in 4.17.100");
    expect(result.plan.body).toContain(
      "Not fixed by this upgrade (no fixed version is known): CVE-2099-0002.",
    );
    expect(result.plan.body).not.toContain("CVE-2099-0003");
    expect(result.plan.body).not.toContain("CVE-2099-0004");

    // Asked from any of the advisories, the upgrade is the same change.
    const fromSibling = planDependencyFix(siblings[0]!, [asked, ...siblings], () => null, upgraded, specName);
    expect(fromSibling.ok && fromSibling.plan.fixKey).toBe(result.plan.fixKey);
  });
});

describe("planPatchFix", () => {
  const finding = (metadata: Record<string, unknown>, analyzer = "sast"): FindingForFix => ({
    ruleId: "sast/tls-verification-disabled",
    analyzer,
    severity: "high",
    message: "TLS certificate verification is disabled",
    filePath: "client.py",
    line: 2,
    fingerprint: "f",
    metadata,
  });

  it("refuses a finding without a patch", () => {
    expect(planPatchFix(finding({}), () => "x\n")).toEqual({
      ok: false,
      reason: "No automated fix is available for this finding",
    });
  });

  it("refuses a patch that no longer applies to the scanned file", () => {
    const patch = "--- a/client.py\n+++ b/client.py\n@@ -1,1 +1,1 @@\n-verify=False\n+verify=True\n";
    expect(planPatchFix(finding({ patch }), () => "something else\n")).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^The fix no longer applies/),
    });
    const result = planPatchFix(
      finding({ patch, ruleTitle: "TLS verification disabled" }),
      () => "verify=False\n",
    );
    expect(result).toMatchObject({
      ok: true,
      plan: { kind: "sast", fixKey: "f", fixedFingerprints: ["f"], changes: [{ after: "verify=True\n" }] },
    });
  });

  it("opens configuration fixes (Terraform, workflows …) as infrastructure changes", () => {
    const patch = "--- a/client.py\n+++ b/client.py\n@@ -1,1 +1,1 @@\n-verify=False\n+verify=True\n";
    const result = planPatchFix(finding({ patch }, "terraform"), () => "verify=False\n");
    expect(result).toMatchObject({ ok: true, plan: { kind: "iac" } });
  });

  it("words the engine's fix instruction as a sentence of the pull request body", () => {
    const patch = "--- a/client.py\n+++ b/client.py\n@@ -1,1 +1,1 @@\n-verify=False\n+verify=True\n";
    const described = planPatchFix(
      finding({ patch, fixDescription: "verify certificates (verify=True)" }),
      () => "verify=False\n",
    );
    if (!described.ok) throw new Error(described.reason);
    expect(described.plan.body).toContain(
      "\n\nThis change applies the rule's fix: verify certificates (verify=True).",
    );
    const bare = planPatchFix(finding({ patch }), () => "verify=False\n");
    if (!bare.ok) throw new Error(bare.reason);
    expect(bare.plan.body).toContain("\n\nThis change applies the rule's fix.");
  });
});

describe("slugify", () => {
  it("keeps branch names git accepts", () => {
    expect(slugify("upgrade-@babel/core-7.24.0")).toBe("upgrade-babel-core-7.24.0");
    expect(slugify("..weird..name..")).toBe("weird.name");
    expect(slugify("!!!")).toBe("security-fix");
  });
});
