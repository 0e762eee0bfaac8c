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

describe("control catalogue (data/controls.yaml)", () => {
  const controls = listControls();

  it("validates and holds 40 to 90 controls", () => {
    expect(controls.length).toBeGreaterThanOrEqual(40);
    expect(controls.length).toBeLessThanOrEqual(90);
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
