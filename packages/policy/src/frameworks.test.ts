import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { type Control, getControl, isKnownControl, listControls } from "./controls.ts";
import { loadDataFile } from "./data.ts";
import {
  buildRequirements,
  FRAMEWORK_IDS,
  frameworkMapping,
  frameworkRequirements,
  getFramework,
  isFrameworkId,
  listFrameworks,
  type MappingFile,
  nistBaseControl,
  requirementsForControl,
} from "./frameworks.ts";

// The reference catalogues, read raw so that the tests check the loader's scoping against them.
const soc2Catalogue = loadDataFile(
  z.array(z.object({ id: z.string(), category: z.string() })),
  "frameworks/soc2-tsc-2017.json",
);
const isoCatalogue = loadDataFile(
  z.array(z.object({ id: z.string() })),
  "frameworks/iso27001-2022-annex-a.json",
);
const nistCatalogue = loadDataFile(
  z.array(z.object({ id: z.string(), withdrawn: z.boolean() })),
  "frameworks/nist-800-53r5.json",
);
const nistBaselines = loadDataFile(
  z.object({ MODERATE: z.array(z.string()) }),
  "frameworks/nist-800-53r5-baselines.json",
);
const olirPairs = loadDataFile(
  z.object({
    nist80053r5_iso27001_2022: z.object({ pairs: z.array(z.object({ nist: z.string(), iso: z.string() })) }),
  }),
  "frameworks/mapping-nist-iso.json",
).nist80053r5_iso27001_2022.pairs;

describe("frameworks", () => {
  it("lists SOC 2, ISO/IEC 27001 and NIST SP 800-53 in that order with the spec's fields", () => {
    const frameworks = listFrameworks();
    expect(frameworks.map((framework) => framework.id)).toEqual(["soc2", "iso27001", "nist-800-53"]);
    for (const framework of frameworks) {
      expect(Object.keys(framework).sort()).toEqual(["description", "id", "name", "version"]);
      expect(framework.name.length).toBeGreaterThan(0);
    }
    expect(Object.isFrozen(frameworks)).toBe(true);
    expect(getFramework("iso27001")?.name).toBe("ISO/IEC 27001");
    expect(getFramework("pci-dss")).toBeUndefined();
    expect(isFrameworkId("soc2")).toBe(true);
    expect(isFrameworkId("SOC2")).toBe(false);
  });

  it("takes SOC 2 requirements from the catalogue's Common Criteria (all 33)", () => {
    const expected = soc2Catalogue
      .filter((entry) => entry.category === "Common Criteria")
      .map((entry) => entry.id);
    expect(expected).toHaveLength(33);
    expect(frameworkRequirements("soc2").map((requirement) => requirement.id)).toEqual(expected);
  });

  it("takes all 93 ISO/IEC 27001:2022 Annex A controls", () => {
    expect(isoCatalogue).toHaveLength(93);
    expect(frameworkRequirements("iso27001").map((requirement) => requirement.id)).toEqual(
      isoCatalogue.map((entry) => entry.id),
    );
  });

  it("takes the 287 ids of the NIST MODERATE baseline, none withdrawn, with 'Base | Enhancement' titles", () => {
    const requirements = frameworkRequirements("nist-800-53");
    expect(requirements.map((requirement) => requirement.id)).toEqual(nistBaselines.MODERATE);
    expect(requirements).toHaveLength(287);
    const withdrawn = new Set(nistCatalogue.filter((entry) => entry.withdrawn).map((entry) => entry.id));
    for (const requirement of requirements) expect(withdrawn.has(requirement.id), requirement.id).toBe(false);
    expect(requirements.find((requirement) => requirement.id === "SC-28(1)")?.title).toBe(
      "Protection of Information at Rest | Cryptographic Protection",
    );
    expect(requirements.find((requirement) => requirement.id === "SC-28")?.title).toBe(
      "Protection of Information at Rest",
    );
  });

  it("keeps unmapped requirements (they show as Untested) and freezes the lists", () => {
    for (const id of FRAMEWORK_IDS) {
      const requirements = frameworkRequirements(id);
      // Every SOC 2 Common Criterion is mapped (see the coverage test below); ISO and NIST keep
      // requirements no Rampart control evidences.
      expect(
        requirements.some((requirement) => requirement.controlCodes.length === 0),
        id,
      ).toBe(id !== "soc2");
      expect(
        requirements.some((requirement) => requirement.controlCodes.length > 0),
        id,
      ).toBe(true);
      expect(Object.isFrozen(requirements)).toBe(true);
      expect(Object.isFrozen(requirements[0]?.controlCodes)).toBe(true);
    }
  });
});

describe.each(FRAMEWORK_IDS)("mapping data/mappings for %s", (frameworkId) => {
  const mapping = frameworkMapping(frameworkId);
  const requirementIds = new Set(frameworkRequirements(frameworkId).map((requirement) => requirement.id));

  it("is for this framework", () => {
    expect(mapping.framework).toBe(frameworkId);
  });

  it("names only requirements of the framework's requirement list", () => {
    const unknown = Object.keys(mapping.requirements).filter((id) => !requirementIds.has(id));
    expect(unknown).toEqual([]);
  });

  it("names only control codes that exist", () => {
    const unknown = Object.values(mapping.requirements)
      .flat()
      .filter((code) => !isKnownControl(code));
    expect(unknown).toEqual([]);
  });

  it("lists no control twice under one requirement", () => {
    for (const [requirementId, codes] of Object.entries(mapping.requirements)) {
      expect(new Set(codes).size, requirementId).toBe(codes.length);
    }
  });

  it("maps every Rampart control to at least one requirement", () => {
    const mapped = new Set(Object.values(mapping.requirements).flat());
    const orphans = listControls()
      .map((control) => control.code)
      .filter((code) => !mapped.has(code));
    expect(orphans).toEqual([]);
  });
});

describe("coverage: requirements with a control that can pass", () => {
  // A control can pass when something can evidence it: accepted evidence items, or a scanner
  // (analyzer rules, the image scan, environment drift). An evidence-only control without specs
  // could never pass; the catalogue refuses one, and this keeps the rule visible here.
  const canPass = (control: Control | undefined) =>
    control !== undefined && (control.evidence.length > 0 || control.evidencedBy !== "evidence");
  const coverage = (frameworkId: (typeof FRAMEWORK_IDS)[number]) => {
    const requirements = frameworkRequirements(frameworkId);
    const covered = requirements.filter((requirement) =>
      requirement.controlCodes.some((code) => canPass(getControl(code))),
    );
    return {
      covered: covered.length,
      total: requirements.length,
      uncovered: requirements.filter((r) => !covered.includes(r)).map((r) => r.id),
    };
  };
  const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");

  it("maps every SOC 2 Common Criterion (CC1.1 to CC9.2) to a control that can pass", () => {
    const soc2 = coverage("soc2");
    expect(soc2.uncovered).toEqual([]);
    expect(soc2.total).toBe(33);
    expect(readme).toContain(`| SOC 2 (Common Criteria) | ${soc2.covered} / ${soc2.total} |`);
  });

  it.each([
    ["iso27001", "ISO/IEC 27001:2022 Annex A"],
    ["nist-800-53", "NIST SP 800-53 r5 MODERATE"],
  ] as const)("states the coverage of %s in the README", (frameworkId, name) => {
    const { covered, total } = coverage(frameworkId);
    const percent = Math.round((covered * 1000) / total) / 10;
    expect(readme).toContain(`| ${name} | ${covered} / ${total} | ${percent.toFixed(1)} % |`);
  });
});

describe("ISO mapping is consistent with NIST OLIR #155 (SP 800-53 r5 → ISO/IEC 27001:2022)", () => {
  // A control's ISO requirement is reachable when OLIR pairs it with a NIST requirement the same
  // control maps to. OLIR pairs some enhancements only (SA-11(1) Static Code Analysis → A.8.28)
  // and some bases only (SC-28 → A.5.33), so NIST ids are compared by their base control.
  const nistByControl = new Map<string, Set<string>>();
  for (const [requirementId, codes] of Object.entries(frameworkMapping("nist-800-53").requirements)) {
    for (const code of codes) {
      const bases = nistByControl.get(code) ?? new Set<string>();
      bases.add(nistBaseControl(requirementId));
      nistByControl.set(code, bases);
    }
  }
  const reachable = (code: string, isoId: string) =>
    olirPairs.some(
      (pair) => pair.iso === isoId && (nistByControl.get(code)?.has(nistBaseControl(pair.nist)) ?? false),
    );

  const isoMapping = frameworkMapping("iso27001");
  const exceptions = isoMapping.olirExceptions ?? [];
  const pairs = Object.entries(isoMapping.requirements).flatMap(([isoId, codes]) =>
    codes.map((code) => ({ isoId, code })),
  );

  it("reaches every mapped (control, ISO requirement) pair, or lists it as an exception", () => {
    const unexplained = pairs
      .filter(({ isoId, code }) => !reachable(code, isoId))
      .filter(({ isoId, code }) => !exceptions.some((e) => e.control === code && e.requirement === isoId))
      .map(({ isoId, code }) => `${code} → ${isoId}`);
    expect(unexplained).toEqual([]);
  });

  it("lists no stale exception", () => {
    const stale = exceptions
      .filter(
        (e) =>
          reachable(e.control, e.requirement) ||
          !pairs.some((p) => p.code === e.control && p.isoId === e.requirement),
      )
      .map((e) => `${e.control} → ${e.requirement}`);
    expect(stale).toEqual([]);
  });

  it("reads the OLIR data it checks against", () => {
    expect(olirPairs).toHaveLength(642);
  });
});

describe("buildRequirements rejects a bad mapping", () => {
  const catalogue = [
    { id: "CC6.1", title: "Logical access" },
    { id: "CC7.1", title: "Configuration" },
  ];
  const mapping = (requirements: MappingFile["requirements"]): MappingFile => ({
    framework: "soc2",
    requirements,
  });

  it("joins catalogue order with the mapped codes", () => {
    const requirements = buildRequirements(
      "soc2",
      catalogue,
      mapping({ "CC7.1": ["K8S-POD-01"] }),
      isKnownControl,
    );
    expect(requirements).toEqual([
      { id: "CC6.1", title: "Logical access", controlCodes: [] },
      { id: "CC7.1", title: "Configuration", controlCodes: ["K8S-POD-01"] },
    ]);
  });

  it("reports unknown requirements, unknown codes, repeats and a foreign mapping together", () => {
    const bad = {
      framework: "iso27001",
      requirements: { "CC9.9": ["IAC-ENC-01"], "CC6.1": ["NOPE-01", "IAC-ENC-01", "IAC-ENC-01"] },
    } as const;
    expect(() => buildRequirements("soc2", catalogue, bad as unknown as MappingFile, isKnownControl)).toThrow(
      /mapping is for iso27001[\s\S]*CC9\.9 is not in the soc2 requirement list[\s\S]*unknown control NOPE-01[\s\S]*IAC-ENC-01 twice/,
    );
  });
});

describe("requirementsForControl", () => {
  it("finds the requirements of every framework that a control evidences", () => {
    const references = requirementsForControl("IAC-ENC-01");
    expect(references).toContainEqual({ frameworkId: "soc2", requirementId: "CC6.1" });
    expect(references).toContainEqual({ frameworkId: "iso27001", requirementId: "A.8.24" });
    expect(references).toContainEqual({ frameworkId: "nist-800-53", requirementId: "SC-28(1)" });
    expect(requirementsForControl("NOPE-XX-01")).toEqual([]);
  });
});
