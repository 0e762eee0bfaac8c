// Output formats, checked against their contracts: SARIF against the official OASIS schema
// (vendored in test/fixtures; the errata-01 file is JSON Schema draft-04, hence ajv-draft-04),
// JSON against ScanReportSchema.
import { readFileSync } from "node:fs";
import Ajv from "ajv-draft-04";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTree, type TempTree } from "../../test/temp-tree.ts";
import { ruleCatalogue } from "../all-analyzers.ts";
import { FINGERPRINT_VERSION } from "../fingerprint.ts";
import { type ScanResult, scan } from "../scan.ts";
import { toJsonReport } from "./json.ts";
import { ScanReportSchema } from "./json-schema.ts";
import { writeJsonDocument } from "./json-writer.ts";
import { sarifLog, toSarif } from "./sarif.ts";

const exampleRegistryUrl = new URL("../../test/example-registry.ts", import.meta.url).href;
const schemaPath = new URL("../../test/fixtures/sarif-schema-2.1.0.json", import.meta.url);
const tool = {
  name: "Rampart",
  version: "0.1.0",
  informationUri: "https://example.com/rampart",
  docsBaseUri: "https://example.com/docs/rules",
};

let tree: TempTree;
let result: ScanResult;
let catalogue: ReturnType<typeof ruleCatalogue>;

beforeAll(async () => {
  const { analyzers } = await import("../../test/example-registry.ts");
  catalogue = ruleCatalogue(analyzers);
  tree = makeTree({
    "a.conf": "db.password = hunter2\ntls = on\n",
    "dir with space/b#1.conf":
      "# rampart:ignore example/hardcoded-password test data\nadmin_password = x\ntls = off\n",
    "c.conf": "not a setting\n",
    "d.conf": "x_password = y # rampart:ignore example/hardcoded-password\n",
    "bin.conf": Buffer.from([0, 1, 2]),
  });
  const first = await scan(tree.root, { registryUrl: exampleRegistryUrl, workers: 0 });
  result = await scan(tree.root, {
    registryUrl: exampleRegistryUrl,
    workers: 0,
    baseline: new Set([first.findings[0]!.fingerprint]),
  });
});
afterAll(() => tree.remove());

describe("SARIF", () => {
  it("is valid against the official SARIF 2.1.0 schema", () => {
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats.default(ajv);
    const validate = ajv.compile(JSON.parse(readFileSync(schemaPath, "utf8")));
    const log = toSarif(result, catalogue, tool);
    const valid = validate(JSON.parse(JSON.stringify(log)));
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
    // and the validator does reject a broken log, so the pass above means something
    const broken = JSON.parse(JSON.stringify(log));
    broken.runs[0].results[0].level = "critical";
    broken.runs[0].results[0].locations[0].physicalLocation.region.startLine = 0;
    expect(validate(broken)).toBe(false);
  });

  it("stays valid with the metadata of every registered rule", () => {
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats.default(ajv);
    const validate = ajv.compile(JSON.parse(readFileSync(schemaPath, "utf8")));
    const log = toSarif(result, [...catalogue, ...ruleCatalogue()], tool);
    validate(JSON.parse(JSON.stringify(log)));
    expect(validate.errors ?? []).toEqual([]);
  });

  it("carries rule metadata, security-severity, CWE tags, fingerprints, fixes, suppressions and baseline state", () => {
    const run = toSarif(result, catalogue, tool).runs[0]!;
    const rule = run.tool.driver.rules!.find((item) => item.id === "example/hardcoded-password")!;
    expect(rule.properties).toMatchObject({
      tags: ["security", "example", "external/cwe/cwe-798"],
      "security-severity": "8.0",
      precision: "medium",
    });
    expect(rule.help!.markdown).toContain("### Remediation");
    expect(rule.helpUri).toBe("https://example.com/docs/rules/example.md#hardcoded-password");
    const results = run.results!;
    const first = results[0]!;
    expect(first.ruleId).toBe("example/hardcoded-password");
    expect(run.tool.driver.rules![first.ruleIndex!]!.id).toBe(first.ruleId);
    expect(first.partialFingerprints![FINGERPRINT_VERSION]).toMatch(/^[0-9a-f]{64}$/);
    expect(first.baselineState).toBe("unchanged");
    expect(first.fixes![0]!.artifactChanges[0]!.replacements[0]).toEqual({
      deletedRegion: { byteOffset: 14, byteLength: 7 },
      insertedContent: { text: "$DB_PASSWORD" },
    });
    const suppressed = results.find((item) => item.suppressions)!;
    expect(suppressed.suppressions).toEqual([
      {
        kind: "inSource",
        status: "accepted",
        justification: "test data",
        properties: { source: "dir with space/b#1.conf:1" },
      },
    ]);
    expect(suppressed.locations![0]!.physicalLocation!.artifactLocation!.uri).toBe(
      "dir%20with%20space/b%231.conf",
    );
    const notes = run.invocations![0]!.toolExecutionNotifications!.map((note) => note.message.text);
    expect(notes).toContain("skipped: binary content (NUL byte)");
    expect(notes).toContain('example: line 1: expected "key = value"');
  });
});

describe("JSON report", () => {
  it("matches its versioned schema and summarises", () => {
    const report = toJsonReport(result, catalogue, tool);
    const parsed = ScanReportSchema.safeParse(JSON.parse(JSON.stringify(report)));
    expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
    expect(report.summary).toMatchObject({ suppressed: 1, new: report.summary.findings - 1 });
    expect(report.rules.map((rule) => rule.id).sort()).toEqual([
      "example/duplicate-setting",
      "example/hardcoded-password",
      "rampart/suppression-without-reason",
    ]);
  });
});

describe("written in pieces (json-writer.ts)", () => {
  const written = (write: (sink: (text: string) => void) => void) => {
    const pieces: string[] = [];
    write((text) => pieces.push(text));
    return pieces.join("");
  };

  it("writes the JSON report as one JSON.stringify of it would", () => {
    const report = toJsonReport(result, catalogue, tool);
    expect(report.findings.length).toBeGreaterThan(1);
    expect(written((sink) => writeJsonDocument(report, report.findings, report.findings, sink))).toBe(
      `${JSON.stringify(report, null, 2)}\n`,
    );
  });

  it("writes the SARIF log, its results made one by one, as one JSON.stringify of it would", () => {
    const sarif = sarifLog(result, catalogue, tool);
    expect(
      written((sink) => writeJsonDocument(sarif.log, sarif.run.results ?? [], sarif.results(), sink)),
    ).toBe(`${JSON.stringify(toSarif(result, catalogue, tool), null, 2)}\n`);
  });
});
