import { readFileSync } from "node:fs";
import * as CDX from "@cyclonedx/cyclonedx-library";
import { Ajv } from "ajv";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { type Package, packageUrl } from "../sca/package.ts";
import { toCycloneDx, toCycloneDxJson } from "./cyclonedx.ts";
import type { SbomMeta } from "./inventory.ts";
import { toSpdx } from "./spdx.ts";

const pkg = (
  ecosystem: Package["ecosystem"],
  name: string,
  version: string | null,
  extra: Partial<Package> = {},
): Package => ({
  ecosystem,
  name,
  version,
  direct: true,
  dev: false,
  location: { path: "package-lock.json", line: 3 },
  purl: packageUrl(ecosystem, name, version),
  ...extra,
});

const PACKAGES: Package[] = [
  pkg("npm", "express", "4.18.2", { license: "MIT" }),
  pkg("npm", "@types/node", "20.11.0", { license: "MIT", dev: true }),
  pkg("npm", "debug", "2.6.9", { direct: false, license: "(MIT OR Apache-2.0) AND BSD-3-Clause" }),
  // the same package again from another file: one component
  pkg("npm", "debug", "2.6.9", { direct: false, location: { path: "web/package-lock.json", line: 9 } }),
  pkg("PyPI", "requests", "2.31.0", {
    location: { path: "requirements.txt", line: 1 },
    license: "Custom Licence v2",
  }),
  pkg("PyPI", "flask", null, { versionRange: ">=2", location: { path: "requirements.txt", line: 2 } }),
  pkg("Maven", "org.apache.logging.log4j:log4j-core", "2.14.1", { location: { path: "pom.xml", line: 20 } }),
  {
    ...pkg("Debian", "libssl3", "3.0.11-1~deb12u2"),
    purl: "pkg:deb/debian/libssl3@3.0.11-1~deb12u2?arch=amd64&distro=debian-12",
    location: { path: "var/lib/dpkg/status", line: 12, layer: "sha256:abc" } as Package["location"],
  },
];

const META: SbomMeta = {
  name: "demo-app",
  version: "1.2.3",
  timestamp: "2024-05-01T10:20:30.456Z",
  toolVersion: "0.1.0",
};

describe("toCycloneDx", () => {
  it("is valid CycloneDX 1.6 (strict schema)", async () => {
    const json = toCycloneDxJson(PACKAGES, META);
    const validator = new CDX.Validation.JsonStrictValidator(CDX.Spec.Version.v1dot6);
    expect(await validator.validate(json)).toBeNull();
    const container = toCycloneDxJson(PACKAGES, {
      ...META,
      kind: "container",
      os: { id: "debian", versionId: "12" },
    });
    expect(await validator.validate(container)).toBeNull();
  }, 30_000);

  it("has one component per purl, purl bom-refs, scopes, licences and the root's direct dependencies", () => {
    const bom = toCycloneDx(PACKAGES, META) as {
      specVersion: string;
      serialNumber: string;
      metadata: { timestamp: string; component: { "bom-ref": string; name: string; version: string } };
      components: {
        "bom-ref": string;
        purl: string;
        name: string;
        group?: string;
        scope: string;
        licenses?: unknown[];
      }[];
      dependencies: { ref: string; dependsOn?: string[] }[];
    };
    expect(bom.specVersion).toBe("1.6");
    expect(bom.serialNumber).toMatch(
      /^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(bom.metadata.timestamp).toBe("2024-05-01T10:20:30.000Z");
    expect(bom.metadata.component).toMatchObject({ "bom-ref": "root", name: "demo-app", version: "1.2.3" });
    expect(bom.components.map((component) => component.purl)).toEqual([
      "pkg:deb/debian/libssl3@3.0.11-1~deb12u2?arch=amd64&distro=debian-12",
      "pkg:maven/org.apache.logging.log4j/log4j-core@2.14.1",
      "pkg:npm/%40types/node@20.11.0",
      "pkg:npm/debug@2.6.9",
      "pkg:npm/express@4.18.2",
      "pkg:pypi/flask",
      "pkg:pypi/requests@2.31.0",
    ]);
    for (const component of bom.components) expect(component["bom-ref"]).toBe(component.purl);
    const byName = new Map(bom.components.map((component) => [component.name, component]));
    expect(byName.get("node")).toMatchObject({ group: "@types", scope: "optional" });
    expect(byName.get("log4j-core")).toMatchObject({ group: "org.apache.logging.log4j", scope: "required" });
    expect(byName.get("express")!.licenses).toEqual([{ license: { id: "MIT" } }]);
    expect(byName.get("debug")!.licenses).toEqual([{ expression: "(MIT OR Apache-2.0) AND BSD-3-Clause" }]);
    expect(byName.get("requests")!.licenses).toEqual([{ license: { name: "Custom Licence v2" } }]);
    const root = bom.dependencies.find((dependency) => dependency.ref === "root")!;
    expect(root.dependsOn).not.toContain("pkg:npm/debug@2.6.9");
    expect(root.dependsOn).toContain("pkg:npm/express@4.18.2");
  });

  it("is deterministic: same input (in any order) gives the same bytes", () => {
    const once = toCycloneDxJson(PACKAGES, META);
    expect(toCycloneDxJson([...PACKAGES].reverse(), META)).toBe(once);
    expect(toCycloneDxJson(PACKAGES.slice(1), META)).not.toBe(once);
    expect(
      toCycloneDxJson(PACKAGES, { ...META, serialNumber: "urn:uuid:00000000-0000-4000-8000-000000000000" }),
    ).toContain('"serialNumber": "urn:uuid:00000000-0000-4000-8000-000000000000"');
  });
});

describe("toSpdx", () => {
  const schema = JSON.parse(
    readFileSync(new URL("../../test/fixtures/spdx-schema-2.3.json", import.meta.url), "utf8"),
  );
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats.default(ajv);
  const validate = ajv.compile(schema);

  it("is valid SPDX 2.3 (JSON schema)", () => {
    for (const kind of ["application", "container"] as const) {
      const document = toSpdx(PACKAGES, { ...META, kind });
      const valid = validate(document);
      expect(validate.errors ?? []).toEqual([]);
      expect(valid).toBe(true);
    }
    expect(validate(toSpdx([], META))).toBe(true);
  });

  it("describes a root package, with purls, licences or NOASSERTION, and unique SPDX ids", () => {
    const document = toSpdx(PACKAGES, META);
    expect(document.relationships[0]).toEqual({
      spdxElementId: "SPDXRef-DOCUMENT",
      relationshipType: "DESCRIBES",
      relatedSpdxElement: "SPDXRef-RootPackage",
    });
    expect(document.packages).toHaveLength(8);
    const ids = document.packages.map((item) => item.SPDXID as string);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^SPDXRef-[A-Za-z0-9.-]+$/);
    const byName = new Map(document.packages.map((item) => [item.name, item]));
    expect(byName.get("express")).toMatchObject({
      versionInfo: "4.18.2",
      licenseDeclared: "MIT",
      licenseConcluded: "NOASSERTION",
      externalRefs: [
        {
          referenceCategory: "PACKAGE-MANAGER",
          referenceType: "purl",
          referenceLocator: "pkg:npm/express@4.18.2",
        },
      ],
    });
    expect(byName.get("flask")).not.toHaveProperty("versionInfo");
    expect(byName.get("flask")!.licenseDeclared).toBe("NOASSERTION");
    expect(byName.get("requests")!.licenseDeclared).toBe("LicenseRef-Custom-Licence-v2");
    expect(document.hasExtractedLicensingInfos).toEqual([
      {
        licenseId: "LicenseRef-Custom-Licence-v2",
        extractedText: "Custom Licence v2",
        name: "Custom Licence v2",
      },
    ]);
    const devId = byName.get("@types/node")!.SPDXID;
    expect(document.relationships).toContainEqual({
      spdxElementId: devId,
      relationshipType: "DEV_DEPENDENCY_OF",
      relatedSpdxElement: "SPDXRef-RootPackage",
    });
    expect(document.creationInfo).toEqual({
      created: "2024-05-01T10:20:30Z",
      creators: ["Tool: rampart-0.1.0"],
    });
  });

  it("derives documentNamespace from the content", () => {
    const a = toSpdx(PACKAGES, META);
    expect(toSpdx([...PACKAGES].reverse(), META)).toEqual(a);
    expect(a.documentNamespace).toMatch(/^https:\/\/spdx\.org\/spdxdocs\/demo-app-[0-9a-f-]{36}$/);
    expect(toSpdx(PACKAGES.slice(2), META).documentNamespace).not.toBe(a.documentNamespace);
  });
});
