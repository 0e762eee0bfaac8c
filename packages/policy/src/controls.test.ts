import { describe, expect, it } from "vitest";
import {
  assertRulesReferenceKnownControls,
  CONTROL_CODE_PATTERN,
  CONTROL_PREFIX_TAGS,
  getControl,
  listControls,
  parseControlCatalogue,
} from "./controls.ts";
import { readDataText } from "./data.ts";
import { listEvidenceRecords } from "./evidence-specs.ts";

describe("control catalogue (data/controls.yaml)", () => {
  const controls = listControls();

  it("validates and holds 40 to 130 controls, 20 to 30 of them organizational", () => {
    expect(controls.length).toBeGreaterThanOrEqual(40);
    expect(controls.length).toBeLessThanOrEqual(130);
    const organizational = controls.filter((control) => control.code.startsWith("ORG-"));
    expect(organizational.length).toBeGreaterThanOrEqual(20);
    expect(organizational.length).toBeLessThanOrEqual(30);
  });

  it("evidences organizational controls by evidence only, with specs, no tags and policies", () => {
    for (const control of controls) {
      const organizational = control.code.startsWith("ORG-");
      expect(control.evidencedBy === "evidence", control.code).toBe(organizational);
      if (!organizational) continue;
      expect(control.tags, control.code).toEqual([]);
      expect(control.evidence.length, control.code).toBeGreaterThan(0);
    }
    // The five records the brief names are all used by some control.
    const records = new Set(controls.flatMap((control) => control.evidence.map((spec) => spec.record)));
    for (const record of listEvidenceRecords()) expect(records.has(record.key), record.key).toBe(true);
  });

  it("has unique codes of the form PREFIX-AREA-NN", () => {
    const codes = controls.map((control) => control.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(CONTROL_CODE_PATTERN);
  });

  it("covers every code prefix, and each control carries its prefix's tag", () => {
    for (const [prefix, tag] of Object.entries(CONTROL_PREFIX_TAGS)) {
      const ofPrefix = controls.filter((control) => control.code.startsWith(`${prefix}-`));
      expect(ofPrefix.length, prefix).toBeGreaterThan(0);
      for (const control of ofPrefix) expect(control.tags).toContain(tag);
    }
  });

  it("covers every tag the UI filters by", () => {
    const tags = new Set(controls.flatMap((control) => control.tags));
    for (const tag of ["iac", "pipeline", "env", "secrets", "sca", "sast", "container"]) {
      expect(tags.has(tag as never), tag).toBe(true);
    }
  });

  it("has unique titles", () => {
    const titles = controls.map((control) => control.title.toLowerCase());
    expect(new Set(titles).size).toBe(titles.length);
  });

  it("looks controls up by code and returns frozen objects", () => {
    const control = getControl("IAC-ENC-01");
    expect(control?.severity).toBe("high");
    expect(getControl("NOPE-XX-01")).toBeUndefined();
    expect(Object.isFrozen(controls)).toBe(true);
    expect(Object.isFrozen(control)).toBe(true);
    expect(Object.isFrozen(control?.tags)).toBe(true);
  });

  it("parses the shipped file the same way the loader does", () => {
    expect(parseControlCatalogue(readDataText("controls.yaml"))).toEqual(controls);
  });
});

describe("parseControlCatalogue rejects bad data", () => {
  const control = (code: string, extra = "") => `
  - code: ${code}
    title: Title of ${code}
    description: Something.
    severity: high
    tags: [iac]
    version: 1${extra}`;

  it("rejects duplicate codes", () => {
    const text = `schemaVersion: 1\ncontrols:${control("IAC-ENC-01")}${control("IAC-ENC-01")}`;
    expect(() => parseControlCatalogue(text, "test.yaml")).toThrow(/duplicate control code IAC-ENC-01/);
  });

  it("rejects an unknown severity, tag, prefix or field", () => {
    const base = `schemaVersion: 1\ncontrols:`;
    expect(() => parseControlCatalogue(`${base}${control("IAC-ENC-01").replace("high", "medium")}`)).toThrow(
      /severity/,
    );
    expect(() =>
      parseControlCatalogue(`${base}${control("IAC-ENC-01").replace("[iac]", "[cloud]")}`),
    ).toThrow(/tags/);
    expect(() => parseControlCatalogue(`${base}${control("XYZ-ENC-01")}`)).toThrow(/code/);
    expect(() => parseControlCatalogue(`${base}${control("IAC-ENC-01", "\n    owner: me")}`)).toThrow(
      /owner/,
    );
  });

  it("rejects a control missing its prefix's tag", () => {
    const text = `schemaVersion: 1\ncontrols:${control("SAST-INJ-01")}`;
    expect(() => parseControlCatalogue(text)).toThrow(/must carry the tag sast/);
  });

  const organizational = (code: string, evidence: string, extra = "") => `
  - code: ${code}
    title: Title of ${code}
    description: Something.
    severity: med
    tags: []
    version: 1
    evidencedBy: evidence${extra}
    evidence:${evidence}`;
  const spec = (key: string, extra = "", kind = "document") => `
      - key: ${key}
        title: Title of ${key}
        description: Something to collect.
        kind: ${kind}
        cadence: yearly${extra}`;

  it("accepts an organizational control with evidence, record and policy", () => {
    const text = `schemaVersion: 1\ncontrols:${organizational(
      "ORG-GOV-01",
      spec("approval") +
        spec("acks", "\n        record: policy-acknowledgements\n        policy: info", "record"),
      "\n    policies: [info]",
    )}`;
    const [control] = parseControlCatalogue(text);
    expect(control?.evidence.map((item) => item.key)).toEqual(["approval", "acks"]);
    expect(control?.policies).toEqual(["info"]);
  });

  it.each([
    [
      "an ORG control evidenced by rules",
      organizational("ORG-GOV-01", spec("a")).replace("evidence\n", "rules\n"),
      /evidencedBy evidence is for ORG- controls/,
    ],
    [
      "a technical control evidenced by evidence",
      `${organizational("IAC-ENC-01", spec("a"))}`,
      /evidencedBy evidence is for ORG- controls/,
    ],
    ["an ORG control without evidence", organizational("ORG-GOV-01", " []"), /must list some/],
    [
      "an ORG control with a tag",
      organizational("ORG-GOV-01", spec("a")).replace("tags: []", "tags: [iac]"),
      /must carry no tag/,
    ],
    [
      "a repeated evidence key",
      organizational("ORG-GOV-01", spec("a") + spec("a")),
      /evidence keys must not repeat/,
    ],
    ["a key that is not kebab-case", organizational("ORG-GOV-01", spec("Access_Review")), /hyphens/],
    [
      "kind record without a record",
      organizational("ORG-GOV-01", spec("a", "", "record")),
      /`record` is required/,
    ],
    [
      "a record on a document",
      organizational("ORG-GOV-01", spec("a", "\n        record: access-review")),
      /`record` is required/,
    ],
    [
      "an unknown record",
      organizational("ORG-GOV-01", spec("a", "\n        record: coffee-log", "record")),
      /unknown record coffee-log/,
    ],
    [
      "acknowledgements without a policy",
      organizational("ORG-GOV-01", spec("a", "\n        record: policy-acknowledgements", "record")),
      /`policy` is required/,
    ],
    [
      "a policy the control does not list",
      organizational(
        "ORG-GOV-01",
        spec("a", "\n        record: policy-acknowledgements\n        policy: other", "record"),
      ),
      /does not list/,
    ],
    ["an unknown cadence", organizational("ORG-GOV-01", spec("a").replace("yearly", "weekly")), /cadence/],
  ])("rejects %s", (_name, entry, message) => {
    expect(() => parseControlCatalogue(`schemaVersion: 1\ncontrols:${entry}`)).toThrow(message);
  });

  it("names the file in the error", () => {
    expect(() => parseControlCatalogue("controls: [", "broken.yaml")).toThrow(/broken\.yaml/);
  });
});

describe("assertRulesReferenceKnownControls", () => {
  it("accepts rules that name known controls, or none", () => {
    expect(() =>
      assertRulesReferenceKnownControls([
        { id: "terraform/unencrypted-s3-bucket", controls: ["IAC-ENC-01"] },
        { id: "ci/unpinned-action", controls: ["CI-PIN-01"] },
        { id: "meta/parse-error", controls: [] },
      ]),
    ).not.toThrow();
  });

  it("lists every unknown or repeated reference", () => {
    let message = "";
    try {
      assertRulesReferenceKnownControls([
        { id: "a/rule", controls: ["IAC-ENC-01", "IAC-ENC-99"] },
        { id: "b/rule", controls: ["CI-PIN-01", "CI-PIN-01", "ci-pin-01"] },
      ]);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain("rule a/rule names unknown control IAC-ENC-99");
    expect(message).toContain("rule b/rule names control CI-PIN-01 twice");
    expect(message).toContain("rule b/rule names unknown control ci-pin-01");
    expect(message).not.toContain("IAC-ENC-01");
  });

  it("refuses a rule naming a control that image scans evidence: no repository rule tests it", () => {
    expect(getControl("CTR-VUL-01")?.evidencedBy).toBe("image-scan");
    expect(() =>
      assertRulesReferenceKnownControls([
        { id: "dockerfile/apt-lists-not-removed", controls: ["CTR-VUL-01"] },
      ]),
    ).toThrow(
      "rule dockerfile/apt-lists-not-removed names control CTR-VUL-01, which only the container image scan evidences",
    );
  });

  it("refuses a rule naming an organizational control: only accepted evidence passes it", () => {
    expect(() =>
      assertRulesReferenceKnownControls([{ id: "ci/some-rule", controls: ["ORG-CHG-01"] }]),
    ).toThrow("rule ci/some-rule names control ORG-CHG-01, which only submitted evidence evidences");
  });

  it("refuses a rule naming a drift control: only an environment's sync shows drift", () => {
    expect(getControl("ENV-DRIFT-01")?.evidencedBy).toBe("environment-drift");
    expect(getControl("ENV-DRIFT-02")?.evidencedBy).toBe("environment-drift");
    expect(() =>
      assertRulesReferenceKnownControls([{ id: "terraform/some-rule", controls: ["ENV-DRIFT-02"] }]),
    ).toThrow(
      "rule terraform/some-rule names control ENV-DRIFT-02, which only the environments' drift evidences",
    );
  });
});
