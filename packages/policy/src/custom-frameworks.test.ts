import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { listControls } from "./controls.ts";
import {
  CUSTOM_FRAMEWORK_LIMITS,
  evaluateCustomFramework,
  parseCustomFramework,
} from "./custom-frameworks.ts";
import type { ControlEvidence } from "./evaluate.ts";

const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/custom-frameworks/${name}`, import.meta.url), "utf8");

const errorOf = (result: ReturnType<typeof parseCustomFramework>) => ("error" in result ? result.error : "");

describe("parseCustomFramework: YAML", () => {
  it("parses the fixture with defaults for missing descriptions and controls", () => {
    expect(parseCustomFramework(fixture("internal-baseline.yaml"), "yaml")).toEqual({
      name: "Acme Security Baseline",
      version: "2026.1",
      description: "The controls our customers' questionnaires ask about most.",
      requirements: [
        {
          id: "AB-1",
          title: "Data at rest is encrypted",
          description: "Object storage and databases encrypt what they hold.",
          controlCodes: ["IAC-ENC-01", "IAC-ENC-02"],
        },
        {
          id: "AB-2: Access",
          title: "Access is reviewed every quarter",
          description: "",
          controlCodes: ["ORG-ACC-01"],
        },
        {
          id: "AB 3 (draft)",
          title: "Vendors are reviewed",
          description: "Not yet mapped to a Rampart control.",
          controlCodes: [],
        },
      ],
    });
  });

  it("keeps numeric-looking ids and versions as written, and reads an empty description as none", () => {
    const text = "name: x\nversion: 2026.10\nrequirements:\n  - id: 1.10\n    title: T\n    description:\n";
    expect(parseCustomFramework(text, "yaml")).toMatchObject({
      version: "2026.10",
      requirements: [{ id: "1.10", description: "" }],
    });
  });

  it("takes the name from the options when the file has none, and requires one", () => {
    const body = "requirements:\n  - {id: R1, title: One}\n";
    expect(parseCustomFramework(body, "yaml", { name: "Ours" })).toMatchObject({ name: "Ours", version: "" });
    expect(errorOf(parseCustomFramework(body, "yaml"))).toBe("name is required");
  });

  it.each([
    ["a syntax error, with its line", "name: x\nrequirements:\n  - id: [\n", /^line \d+: not valid YAML/],
    ["a repeated key", "name: x\nname: y\nrequirements: []\n", /line 2: not valid YAML: a key is repeated/],
    [
      "aliases (they can expand a small file)",
      "name: x\nbase: &b {id: R1, title: T}\nrequirements: [*b, *b]\n",
      /anchors and aliases|unknown field base/,
    ],
    ["a list at the top", "- id: R1\n", /must be a mapping/],
    ["no requirements", "name: x\nrequirements: []\n", /at least one requirement/],
    [
      "an unknown top-level field",
      "name: x\nowner: me\nrequirements: [{id: R1, title: T}]\n",
      /unknown field owner/,
    ],
    [
      "an unknown requirement field, with its line",
      "name: x\nrequirements:\n  - id: R1\n    title: T\n    owner: me\n",
      /requirement 1 \(line 3\): unknown field owner/,
    ],
    ["a missing title", "name: x\nrequirements:\n  - id: R1\n", /requirement 1 \(line 3\): title/],
    ["a bad id", "name: x\nrequirements:\n  - {id: 'R/1', title: T}\n", /id may contain only/],
    [
      "an unknown control",
      "name: x\nrequirements:\n  - {id: R1, title: T, controls: [IAC-ENC-01, NOPE-01]}\n",
      /requirement 1 \(line 3\): unknown control NOPE-01/,
    ],
    [
      "a control twice",
      "name: x\nrequirements:\n  - {id: R1, title: T, controls: [IAC-ENC-01, IAC-ENC-01]}\n",
      /control IAC-ENC-01 is listed twice/,
    ],
    [
      "a duplicate id (any case)",
      "name: x\nrequirements:\n  - {id: R1, title: T}\n  - {id: r1, title: U}\n",
      /requirement 2 \(line 4\): id r1 is used twice \(first at requirement 1 \(line 3\)\)/,
    ],
    [
      "controls that are not a list",
      "name: x\nrequirements:\n  - {id: R1, title: T, controls: IAC-ENC-01}\n",
      /controls must be a list/,
    ],
  ])("rejects %s", (_name, text, message) => {
    expect(errorOf(parseCustomFramework(text, "yaml"))).toMatch(message);
  });

  it("refuses deep nesting, flow or block, before parsing it", () => {
    const flow = `name: x\nrequirements: ${"[".repeat(50_000)}${"]".repeat(50_000)}\n`;
    const block = `name: x\nrequirements:\n  - ${"- ".repeat(20_000)}a\n`;
    for (const text of [flow, block])
      expect(errorOf(parseCustomFramework(text, "yaml"))).toBe("the YAML is nested more than 32 levels deep");
    // Brackets inside quoted titles are text, not nesting.
    const quoted = `name: x\nrequirements:\n  - {id: R1, title: "${"[".repeat(40)}"}\n`;
    expect(parseCustomFramework(quoted, "yaml")).toMatchObject({ requirements: [{ title: "[".repeat(40) }] });
  });

  it("refuses aliases even where they would be valid", () => {
    const text = "name: x\nrequirements: [&b {id: R1, title: T}, *b]\n";
    expect(errorOf(parseCustomFramework(text, "yaml"))).toMatch(
      /anchors and aliases \(&name, \*name\) are not allowed/,
    );
  });
});

describe("parseCustomFramework: CSV", () => {
  it("parses the fixture: quoted commas, doubled quotes, line breaks, spaces around codes, empty cells", () => {
    expect(
      parseCustomFramework(fixture("internal-baseline.csv"), "csv", { name: "Acme", version: "1" }),
    ).toEqual({
      name: "Acme",
      version: "1",
      description: "",
      requirements: [
        {
          id: "AB-1",
          title: "Data at rest is encrypted",
          description: "Buckets, databases and volumes",
          controlCodes: ["IAC-ENC-01", "IAC-ENC-02", "IAC-ENC-03"],
        },
        {
          id: "AB-2",
          title: 'Access is reviewed "every" quarter',
          description: "Owners review:\n- members\n- roles",
          controlCodes: ["ORG-ACC-01"],
        },
        { id: "AB-3", title: "Vendors are reviewed", description: "", controlCodes: [] },
      ],
    });
  });

  it.each([
    ["an empty file", "", /the CSV is empty/],
    [
      "a wrong header",
      "id,name,description,controls\nR1,T,,\n",
      /row 1: the header must be id,title,description,controls/,
    ],
    ["a header without rows", "id,title,description,controls\n", /no requirement rows/],
    [
      "a row with too few fields",
      "id,title,description,controls\nR1,T,\n",
      /row 2 \(line 2\): expected 4 fields.*found 3/,
    ],
    [
      "an unclosed quote",
      'id,title,description,controls\nR1,"T,,\n',
      /row 2 \(line 2\): a quoted field is not closed/,
    ],
    ["a missing title", "id,title,description,controls\nR1, ,,\n", /row 2 \(line 2\): title is required/],
    [
      "an unknown control",
      "id,title,description,controls\nR1,T,,IAC-ENC-01;BOGUS\n",
      /row 2 \(line 2\): unknown control BOGUS/,
    ],
    [
      "a duplicate id",
      "id,title,description,controls\nR1,T,,\nR1,U,,\n",
      /row 3 \(line 3\): id R1 is used twice/,
    ],
  ])("rejects %s", (_name, text, message) => {
    expect(errorOf(parseCustomFramework(text, "csv"))).toMatch(message);
  });

  it("accepts the header in any case with a byte order mark", () => {
    expect(parseCustomFramework("\uFEFFID,Title,Description,Controls\nR1,T,,\n", "csv")).toMatchObject({
      name: "Custom framework",
      requirements: [{ id: "R1" }],
    });
  });
});

describe("parseCustomFramework: bounds", () => {
  const csv = (rows: string[]) => `id,title,description,controls\n${rows.join("\n")}\n`;

  it("refuses text over 1 MB, counted in bytes", () => {
    const big = csv([`R1,T,${"x".repeat(CUSTOM_FRAMEWORK_LIMITS.bytes)},`]);
    expect(errorOf(parseCustomFramework(big, "csv"))).toBe("the file is larger than 1 MB");
    // 400 000 three-byte characters are 1.2 MB though fewer than a million characters.
    const wide = csv([`R1,T,${"€".repeat(400_000)},`]);
    expect(errorOf(parseCustomFramework(wide, "csv"))).toBe("the file is larger than 1 MB");
  });

  it("accepts 2000 requirements and refuses 2001", () => {
    const rows = (count: number) => Array.from({ length: count }, (_, i) => `R${i},Title ${i},,`);
    const ok = parseCustomFramework(csv(rows(2000)), "csv");
    expect("requirements" in ok && ok.requirements).toHaveLength(2000);
    expect(errorOf(parseCustomFramework(csv(rows(2001)), "csv"))).toBe("at most 2000 requirements");
    const yaml = `name: x\nrequirements:\n${rows(2001)
      .map((_, i) => `  - {id: R${i}, title: T}`)
      .join("\n")}\n`;
    expect(errorOf(parseCustomFramework(yaml, "yaml"))).toMatch(/at most 2000 requirements/);
  });

  it.each([
    ["id", `${"A".repeat(64)}`, `${"A".repeat(65)}`, /id must be at most 64/],
    ["title", "t".repeat(300), "t".repeat(301), /title must be at most 300/],
    ["description", "d".repeat(4000), "d".repeat(4001), /description must be at most 4000/],
  ])("bounds the %s", (field, fits, tooLong, message) => {
    const row = (value: string) =>
      field === "id" ? `${value},T,,` : field === "title" ? `R1,${value},,` : `R1,T,${value},`;
    expect("requirements" in parseCustomFramework(csv([row(fits)]), "csv")).toBe(true);
    expect(errorOf(parseCustomFramework(csv([row(tooLong)]), "csv"))).toMatch(message);
  });

  it("lists at most ten problems and counts the rest", () => {
    const rows = Array.from({ length: 15 }, (_, i) => `R${i},T,,NOPE-${i}`);
    const message = errorOf(parseCustomFramework(csv(rows), "csv"));
    expect(message.split("\n")).toHaveLength(11);
    expect(message).toMatch(/…and 5 more problems$/);
  });

  it("checks codes against the caller's catalogue when one is given", () => {
    const result = parseCustomFramework(csv(["R1,T,,X-1"]), "csv", {
      controlExists: (code) => code === "X-1",
    });
    expect("requirements" in result).toBe(true);
  });
});

describe("evaluateCustomFramework", () => {
  const parsed = parseCustomFramework(fixture("internal-baseline.yaml"), "yaml");
  if ("error" in parsed) throw new Error(parsed.error);
  const framework = { id: "c0ffee00-0000-4000-8000-000000000001", ...parsed };
  const now = new Date("2026-06-01T00:00:00Z");

  it("returns the compliance response shape with the caller's id", () => {
    const results = listControls().map((control) => ({
      code: control.code,
      analyzersEvidenced: "succeeded" as const,
      failures: 0,
      passes: 1,
    }));
    const evidence: ControlEvidence[] = [
      {
        code: "ORG-ACC-01",
        items: [
          { key: "rampart-access-review", state: "accepted", validUntil: "2026-06-10T00:00:00Z" },
          { key: "production-access-review", state: "accepted", validUntil: "2026-09-01T00:00:00Z" },
        ],
      },
    ];
    const response = evaluateCustomFramework(framework, results, evidence, { now });
    expect(response.framework).toEqual({
      id: framework.id,
      name: "Acme Security Baseline",
      version: "2026.1",
      description: "The controls our customers' questionnaires ask about most.",
    });
    expect(response.controls.map((row) => [row.frameworkControlCode, row.status, row.atRisk])).toEqual([
      ["AB-1", "pass", false],
      ["AB-2: Access", "pass", true],
      ["AB 3 (draft)", "unknown", false],
    ]);
    expect(response.compliance).toMatchObject({
      totalControls: 3,
      passedControls: 2,
      compliancePercentage: 66.7,
    });
  });

  it("fails the organizational requirement without evidence and says what is missing", () => {
    const response = evaluateCustomFramework(framework, [], [], { now });
    const row = response.controls[1];
    expect(row?.status).toBe("fail");
    expect(row?.missing.map((item) => item.evidenceKey)).toEqual([
      "rampart-access-review",
      "production-access-review",
    ]);
    expect(response.controls[0]?.status).toBe("unknown");
  });
});
