import { readFileSync } from "node:fs";
import { join } from "node:path";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { exportCycloneDxVex, importCycloneDxVex } from "./cyclonedx-vex.ts";
import { exportOpenVex, importOpenVex } from "./openvex.ts";
import { applyVex, parsePurl, purlCovers, type VexStatement } from "./statement.ts";

const schema = JSON.parse(
  readFileSync(join(import.meta.dirname, "fixtures", "openvex_json_schema_0.2.0.json"), "utf8"),
);
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);
ajv.addFormat("iri", /^[a-z][a-z0-9+.-]*:\S+$/i);
const validateOpenVex = ajv.compile(schema);

const DECISIONS: VexStatement[] = [
  {
    vulnerabilityId: "CVE-2021-23337",
    aliases: ["GHSA-35jh-r3h4-6jhm"],
    purl: "pkg:npm/lodash@4.17.20",
    status: "not_affected",
    justification: "vulnerable_code_not_in_execute_path",
    impactStatement: "template() is never called with user input",
    timestamp: "2024-05-01T10:00:00Z",
    author: "security@example.com",
  },
  {
    vulnerabilityId: "CVE-2022-23529",
    aliases: ["GHSA-27h2-hvpr-p74q"],
    purl: "pkg:npm/jsonwebtoken@8.5.1",
    status: "affected",
    actionStatement: "Upgrade to 9.0.0",
    timestamp: "2024-05-02T10:00:00Z",
    author: "security@example.com",
  },
  {
    vulnerabilityId: "CVE-2020-14343",
    aliases: ["GHSA-8q59-q68h-6hv4"],
    purl: "pkg:pypi/pyyaml",
    status: "fixed",
    timestamp: "2024-05-03T10:00:00Z",
    author: "security@example.com",
  },
  {
    vulnerabilityId: "CVE-2022-28346",
    aliases: [],
    purl: "pkg:pypi/django@3.2.0",
    status: "under_investigation",
    timestamp: "2024-05-04T10:00:00Z",
    author: "security@example.com",
  },
];

describe("OpenVEX", () => {
  it("exports a document that validates against the OpenVEX 0.2.0 schema", () => {
    const result = exportOpenVex(DECISIONS, { author: "security@example.com", tooling: "Rampart" });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(validateOpenVex(result.document), JSON.stringify(validateOpenVex.errors)).toBe(true);
    expect(result.document.statements[1]).toMatchObject({
      status: "affected",
      action_statement: "Upgrade to 9.0.0",
    });
    expect(result.document.timestamp).toBe("2024-05-04T10:00:00Z");
    // the same input gives the same document id
    const again = exportOpenVex(DECISIONS, { author: "security@example.com", tooling: "Rampart" });
    expect(again.ok && again.document["@id"]).toBe(result.document["@id"]);
  });

  it("refuses not_affected without a reason", () => {
    const result = exportOpenVex(
      [{ ...DECISIONS[0]!, justification: undefined, impactStatement: undefined }],
      { author: "a" },
    );
    expect(result).toEqual({ ok: false, errors: [expect.stringContaining("needs a justification")] });
  });

  it("refuses a timestamp in year 0 or past year 9999, which JavaScript parses", () => {
    for (const timestamp of ["0000-01-01T00:00:00Z", "+010000-01-01T00:00:00Z"]) {
      const result = exportOpenVex([{ ...DECISIONS[0]!, timestamp }], { author: "a" });
      expect(result).toEqual({
        ok: false,
        errors: [expect.stringContaining(`timestamp out of range: ${timestamp}`)],
      });
    }
  });

  it("round-trips through import", () => {
    const result = exportOpenVex(DECISIONS, { author: "security@example.com" });
    if (!result.ok) throw new Error(result.errors.join());
    const imported = importOpenVex(JSON.parse(JSON.stringify(result.document)));
    expect(imported).toEqual({ ok: true, statements: DECISIONS });
  });

  it("imports products named by identifiers and subcomponents, and reports bad documents", () => {
    const imported = importOpenVex({
      "@context": "https://openvex.dev/ns/v0.2.0",
      "@id": "https://example.com/vex/1",
      author: "vendor",
      timestamp: "2024-01-01T00:00:00Z",
      version: 1,
      statements: [
        {
          vulnerability: { name: "CVE-2021-44906" },
          products: [
            { "@id": "pkg:oci/app", subcomponents: [{ "@id": "pkg:npm/minimist@1.2.5" }] },
            { identifiers: { purl: "pkg:npm/minimist@1.2.0" } },
          ],
          status: "not_affected",
          justification: "component_not_present",
        },
      ],
    });
    expect(imported.ok && imported.statements.map((s) => `${s.purl} ${s.author} ${s.timestamp}`)).toEqual([
      "pkg:npm/minimist@1.2.5 vendor 2024-01-01T00:00:00Z",
      "pkg:npm/minimist@1.2.0 vendor 2024-01-01T00:00:00Z",
    ]);
    expect(importOpenVex({ statements: [] })).toMatchObject({ ok: false });
    expect(importOpenVex("nope")).toMatchObject({ ok: false });
  });
});

describe("CycloneDX VEX", () => {
  it("exports vulnerabilities with analysis and purl refs", () => {
    const result = exportCycloneDxVex(DECISIONS, { author: "security@example.com" });
    if (!result.ok) throw new Error(result.errors.join());
    const document = result.document;
    expect(document).toMatchObject({ bomFormat: "CycloneDX", specVersion: "1.6", version: 1 });
    expect(document.serialNumber).toMatch(
      /^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(
      document.vulnerabilities.map((v) => [
        v.id,
        v.analysis.state,
        v.analysis.justification,
        v.affects[0]?.ref,
      ]),
    ).toEqual([
      ["CVE-2021-23337", "not_affected", "code_not_reachable", "pkg:npm/lodash@4.17.20"],
      ["CVE-2022-23529", "exploitable", undefined, "pkg:npm/jsonwebtoken@8.5.1"],
      ["CVE-2020-14343", "resolved", undefined, "pkg:pypi/pyyaml"],
      ["CVE-2022-28346", "in_triage", undefined, "pkg:pypi/django@3.2.0"],
    ]);
    expect(document.components.map((c) => c["bom-ref"])).toEqual(DECISIONS.map((d) => d.purl));
    expect(document.vulnerabilities[0]?.references).toEqual([
      { id: "GHSA-35jh-r3h4-6jhm", source: { name: "GitHub" } },
    ]);
  });

  it("round-trips statuses, aliases and (mapped) justifications through import", () => {
    const result = exportCycloneDxVex(DECISIONS, { author: "security@example.com" });
    if (!result.ok) throw new Error(result.errors.join());
    const imported = importCycloneDxVex(JSON.parse(JSON.stringify(result.document)));
    if (!imported.ok) throw new Error(imported.error);
    expect(
      imported.statements.map((s) => [
        s.vulnerabilityId,
        s.aliases,
        s.purl,
        s.status,
        s.justification,
        s.author,
      ]),
    ).toEqual(
      DECISIONS.map((d) => [d.vulnerabilityId, d.aliases, d.purl, d.status, d.justification, d.author]),
    );
    expect(imported.statements[1]?.actionStatement).toBe("Upgrade to 9.0.0");
  });

  it("resolves refs through bom-refs and skips unanalysed vulnerabilities", () => {
    const imported = importCycloneDxVex({
      bomFormat: "CycloneDX",
      specVersion: "1.5",
      components: [{ "bom-ref": "comp-1", purl: "pkg:npm/minimist@1.2.5" }],
      vulnerabilities: [
        { id: "CVE-2021-44906", analysis: { state: "false_positive" }, affects: [{ ref: "comp-1" }] },
        { id: "CVE-2020-7598", affects: [{ ref: "comp-1" }] },
      ],
    });
    expect(imported).toMatchObject({
      ok: true,
      statements: [
        {
          vulnerabilityId: "CVE-2021-44906",
          purl: "pkg:npm/minimist@1.2.5",
          status: "not_affected",
          impactStatement: "false positive",
        },
      ],
    });
    expect(importCycloneDxVex({ bomFormat: "SPDX" })).toMatchObject({ ok: false });
  });
});

describe("applyVex", () => {
  const finding = (id: string, aliases: string[], purl: string) => ({
    id,
    aliases,
    advisories: aliases,
    package: { purl },
  });

  it("suppresses by any alias and purl, version-aware, keeping the finding and its reason", () => {
    const applied = applyVex(
      [
        finding("CVE-2021-23337", ["GHSA-35jh-r3h4-6jhm"], "pkg:npm/lodash@4.17.20"),
        finding("CVE-2021-23337", ["GHSA-35jh-r3h4-6jhm"], "pkg:npm/lodash@4.17.19"),
        finding("GHSA-8q59-q68h-6hv4", [], "pkg:pypi/PyYAML@5.3.1"),
        finding("CVE-2022-23529", [], "pkg:npm/jsonwebtoken@8.5.1"),
        finding("CVE-2099-0001", [], "pkg:npm/other@1.0.0"),
      ],
      DECISIONS,
    );
    expect(applied.map((v) => [v.suppressed, v.vex?.status])).toEqual([
      [true, "not_affected"],
      [false, undefined], // the statement names 4.17.20 only
      [true, "fixed"], // no version in the statement: every version; alias match; PEP 503 name
      [false, "affected"],
      [false, undefined],
    ]);
    expect(applied[0]?.vex).toMatchObject({
      justification: "vulnerable_code_not_in_execute_path",
      author: "security@example.com",
    });
  });

  it("lets the newest statement win", () => {
    const later = {
      ...DECISIONS[1]!,
      status: "not_affected" as const,
      justification: "inline_mitigations_already_exist" as const,
      timestamp: "2024-06-01T00:00:00Z",
    };
    const [applied] = applyVex(
      [finding("CVE-2022-23529", [], "pkg:npm/jsonwebtoken@8.5.1")],
      [DECISIONS[1]!, later],
    );
    expect(applied?.suppressed).toBe(true);
  });

  it("parses and compares purls", () => {
    expect(parsePurl("pkg:maven/org.apache.logging.log4j/log4j-core@2.14.1?type=jar")).toEqual({
      type: "maven",
      namespace: "org.apache.logging.log4j",
      name: "log4j-core",
      version: "2.14.1",
    });
    expect(parsePurl("pkg:npm/%40babel/core@7.0.0")).toMatchObject({ namespace: "@babel", name: "core" });
    expect(parsePurl("not a purl")).toBeUndefined();
    expect(purlCovers("pkg:npm/%40babel/core", "pkg:npm/@babel/core@7.0.0")).toBe(true);
    expect(purlCovers("pkg:npm/core", "pkg:npm/@babel/core@7.0.0")).toBe(false);
  });
});
