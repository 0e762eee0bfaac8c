import { describe, expect, it } from "vitest";
import {
  type FindingForFix,
  type PlanUpgrade,
  planDependencyFix,
  planSastFix,
  slugify,
} from "./fix-plans.ts";

const dependency = (properties: Record<string, unknown>): FindingForFix => ({
  ruleId: "sca/vulnerable-dependency",
  severity: "high",
  message: "lodash 4.17.20 is affected by GHSA-35jh-r3h4-6jhm",
  filePath: "package-lock.json",
  line: 12,
  fingerprint: "f",
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
  summary: "Upgrade lodash from 4.17.20 to 4.17.21 (direct dependency) in package.json",
  notes: ["Run `npm install` to restore the integrity hash."],
});
const unreachable: PlanUpgrade = () => {
  throw new Error("the planner must not be asked");
};

describe("planDependencyFix", () => {
  it("refuses ecosystems the planner does not handle, in the spec's words", () => {
    expect(planDependencyFix(dependency({ ecosystem: "Maven" }), () => null, unreachable, specName)).toEqual({
      ok: false,
      reason: "Automated fixes not yet supported for maven",
    });
  });

  it("refuses a vulnerability without a fixed version", () => {
    const result = planDependencyFix(dependency({ fixedVersion: null }), () => null, unreachable, specName);
    expect(result).toMatchObject({
      ok: false,
      reason: expect.stringContaining("No fixed version of lodash"),
    });
  });

  it("passes the planner's refusal on", () => {
    const refused: PlanUpgrade = () => ({ ok: false, reason: "lodash is not in package-lock.json" });
    expect(planDependencyFix(dependency({}), () => null, refused, specName)).toEqual({
      ok: false,
      reason: "The upgrade cannot be planned: lodash is not in package-lock.json",
    });
  });

  it("names the branch, title and body after the upgrade, with the planner's notes", () => {
    const result = planDependencyFix(dependency({}), () => null, upgraded, specName);
    if (!result.ok) throw new Error(result.reason);
    expect(result.plan).toMatchObject({
      kind: "dependency",
      slug: "upgrade-lodash-4.17.21",
      title: "Upgrade lodash from 4.17.20 to 4.17.21 (GHSA-35jh-r3h4-6jhm)",
      testsAdded: false,
    });
    expect(result.plan.body).toContain("- Run `npm install` to restore the integrity hash.");
    expect(result.plan.patch).toContain('+"lodash": "4.17.21"');
  });
});

describe("planSastFix", () => {
  const finding = (metadata: Record<string, unknown>): FindingForFix => ({
    ruleId: "sast/tls-verification-disabled",
    severity: "high",
    message: "TLS certificate verification is disabled",
    filePath: "client.py",
    line: 2,
    fingerprint: "f",
    metadata,
  });

  it("refuses a finding without a patch", () => {
    expect(planSastFix(finding({}), () => "x\n")).toEqual({
      ok: false,
      reason: "No automated fix is available for this finding",
    });
  });

  it("refuses a patch that no longer applies to the scanned file", () => {
    const patch = "--- a/client.py\n+++ b/client.py\n@@ -1,1 +1,1 @@\n-verify=False\n+verify=True\n";
    expect(planSastFix(finding({ patch }), () => "something else\n")).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^The fix no longer applies/),
    });
    const result = planSastFix(
      finding({ patch, ruleTitle: "TLS verification disabled" }),
      () => "verify=False\n",
    );
    expect(result).toMatchObject({ ok: true, plan: { changes: [{ after: "verify=True\n" }] } });
  });

  it("words the engine's fix instruction as a sentence of the pull request body", () => {
    const patch = "--- a/client.py\n+++ b/client.py\n@@ -1,1 +1,1 @@\n-verify=False\n+verify=True\n";
    const described = planSastFix(
      finding({ patch, fixDescription: "verify certificates (verify=True)" }),
      () => "verify=False\n",
    );
    if (!described.ok) throw new Error(described.reason);
    expect(described.plan.body).toContain(
      "\n\nThis change applies the rule's fix: verify certificates (verify=True).",
    );
    const bare = planSastFix(finding({ patch }), () => "verify=False\n");
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
