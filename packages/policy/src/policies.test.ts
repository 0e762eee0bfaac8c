import { describe, expect, it } from "vitest";
import { getControl, listControls } from "./controls.ts";
import { getPolicyTemplate, listPolicyTemplates, policyProblems } from "./policies.ts";

const REQUIRED_TOPICS = [
  "information-security",
  "access-control",
  "acceptable-use",
  "incident-response",
  "business-continuity",
  "change-management",
  "vendor-management",
  "data-classification-encryption",
  "vulnerability-management",
  "secure-development",
  "hr-security",
  "risk-management",
  "logging-monitoring",
];

const words = (text: string) => text.split(/\s+/).filter((word) => /[A-Za-z]/.test(word)).length;

describe("policy templates (data/policies.yaml)", () => {
  const templates = listPolicyTemplates();

  it("has a template for each required topic, and no other", () => {
    expect(templates.map((template) => template.key).sort()).toEqual([...REQUIRED_TOPICS].sort());
  });

  it.each(REQUIRED_TOPICS)("%s is Markdown of 150 to 400 words titled like its entry", (key) => {
    const template = getPolicyTemplate(key);
    expect(template).toBeDefined();
    const body = template?.body ?? "";
    expect(body.startsWith(`# ${template?.title}\n`)).toBe(true);
    expect(words(body)).toBeGreaterThanOrEqual(150);
    expect(words(body)).toBeLessThanOrEqual(400);
  });

  it("names only existing controls, and the controls name it back", () => {
    for (const template of templates) {
      for (const code of template.controls) {
        expect(getControl(code)?.policies, `${template.key} → ${code}`).toContain(template.key);
      }
    }
    for (const control of listControls()) {
      for (const key of control.policies) {
        expect(getPolicyTemplate(key)?.controls, `${control.code} → ${key}`).toContain(control.code);
      }
    }
  });

  it("returns frozen templates with the API's fields and undefined for an unknown key", () => {
    expect(Object.keys(templates[0] ?? {}).sort()).toEqual([
      "body",
      "controls",
      "description",
      "key",
      "title",
    ]);
    expect(Object.isFrozen(templates[0])).toBe(true);
    expect(getPolicyTemplate("nope")).toBeUndefined();
  });
});

describe("policyProblems", () => {
  const entry = (key: string, controls: string[]) => ({
    key,
    title: key,
    description: key,
    file: `${key}.md`,
    controls,
  });
  const exists = (code: string) => code.startsWith("ORG-");

  it("accepts lists that agree", () => {
    expect(
      policyProblems(
        [entry("access-control", ["ORG-ACC-01"])],
        [{ code: "ORG-ACC-01", policies: ["access-control"] }],
        exists,
      ),
    ).toEqual([]);
  });

  it("reports unknown controls, unknown policies, one-sided links and a misnamed file", () => {
    const problems = policyProblems(
      [{ ...entry("access-control", ["ORG-ACC-01", "NOPE-01", "ORG-ACC-02"]), file: "access.md" }],
      [
        { code: "ORG-ACC-01", policies: ["access-control", "missing-policy"] },
        { code: "ORG-ACC-02", policies: [] },
        { code: "ORG-ACC-03", policies: ["access-control"] },
      ],
      exists,
    );
    expect(problems).toEqual([
      "policy access-control: file must be access-control.md",
      "policy access-control names unknown control NOPE-01",
      "policy access-control names ORG-ACC-02, whose policies do not name it",
      "control ORG-ACC-01 names unknown policy missing-policy",
      "control ORG-ACC-03 names policy access-control, which does not list it",
    ]);
  });
});
