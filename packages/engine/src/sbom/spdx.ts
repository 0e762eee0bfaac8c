// SPDX 2.3 JSON, written by hand (no npm library writes it): a root package the document
// DESCRIBES, one package per purl with a PACKAGE-MANAGER purl reference, the declared licence
// when it is an SPDX expression (else a LicenseRef with the text kept), NOASSERTION where we do
// not know (we never conclude a licence), and a documentNamespace derived from the content.
import parseSpdx from "spdx-expression-parse";
import type { Package } from "../sca/package.ts";
import { contentUuid, isoTimestamp, type SbomEntry, type SbomMeta, sbomEntries } from "./inventory.ts";

const NOASSERTION = "NOASSERTION";
const NAMESPACE_BASE = "https://spdx.org/spdxdocs";

export interface SpdxDocument {
  spdxVersion: "SPDX-2.3";
  dataLicense: "CC0-1.0";
  SPDXID: "SPDXRef-DOCUMENT";
  name: string;
  documentNamespace: string;
  creationInfo: { created: string; creators: string[] };
  packages: Record<string, unknown>[];
  relationships: { spdxElementId: string; relationshipType: string; relatedSpdxElement: string }[];
  hasExtractedLicensingInfos?: { licenseId: string; extractedText: string; name: string }[];
}

/** SPDX ids allow letters, digits, `.` and `-`. */
function idPart(text: string): string {
  return text.replace(/[^A-Za-z0-9.-]+/g, "-").replace(/^-+|-+$/g, "") || "x";
}

function isSpdxExpression(text: string): boolean {
  try {
    parseSpdx(text);
    return true;
  } catch {
    return false;
  }
}

export function toSpdx(packages: readonly Package[], meta: SbomMeta): SpdxDocument {
  const entries = sbomEntries(packages);
  const uuid = contentUuid(entries, meta);
  const rootId = "SPDXRef-RootPackage";
  const root: Record<string, unknown> = {
    SPDXID: rootId,
    name: meta.name,
    downloadLocation: NOASSERTION,
    filesAnalyzed: false,
    licenseConcluded: NOASSERTION,
    licenseDeclared: NOASSERTION,
    copyrightText: NOASSERTION,
    primaryPackagePurpose: meta.kind === "container" ? "CONTAINER" : "APPLICATION",
  };
  if (meta.version) root.versionInfo = meta.version;
  const extracted = new Map<string, { licenseId: string; extractedText: string; name: string }>();
  const usedIds = new Set<string>([rootId]);
  const relationships: SpdxDocument["relationships"] = [
    { spdxElementId: "SPDXRef-DOCUMENT", relationshipType: "DESCRIBES", relatedSpdxElement: rootId },
  ];
  const described = entries.map((entry) => {
    const id = uniqueId(entry, usedIds);
    relationships.push(relationshipOf(entry, id, rootId, meta));
    return packageOf(entry, id, extracted);
  });
  const document: SpdxDocument = {
    spdxVersion: "SPDX-2.3",
    dataLicense: "CC0-1.0",
    SPDXID: "SPDXRef-DOCUMENT",
    name: meta.name,
    documentNamespace: `${NAMESPACE_BASE}/${idPart(meta.name)}-${uuid}`,
    creationInfo: { created: isoTimestamp(meta.timestamp), creators: [`Tool: rampart-${meta.toolVersion}`] },
    packages: [root, ...described],
    relationships,
  };
  if (extracted.size > 0) {
    document.hasExtractedLicensingInfos = [...extracted.values()].sort((a, b) =>
      a.licenseId < b.licenseId ? -1 : 1,
    );
  }
  return document;
}

function uniqueId(entry: SbomEntry, used: Set<string>): string {
  const pkg = entry.package;
  const base = `SPDXRef-Package-${idPart(pkg.ecosystem)}-${idPart(pkg.name)}${pkg.version ? `-${idPart(pkg.version)}` : ""}`;
  let id = base;
  for (let suffix = 2; used.has(id); suffix++) id = `${base}-${suffix}`;
  used.add(id);
  return id;
}

function relationshipOf(
  entry: SbomEntry,
  id: string,
  rootId: string,
  meta: SbomMeta,
): SpdxDocument["relationships"][number] {
  if (meta.kind === "container")
    return { spdxElementId: rootId, relationshipType: "CONTAINS", relatedSpdxElement: id };
  if (entry.dev)
    return { spdxElementId: id, relationshipType: "DEV_DEPENDENCY_OF", relatedSpdxElement: rootId };
  return { spdxElementId: rootId, relationshipType: "DEPENDS_ON", relatedSpdxElement: id };
}

function declaredLicense(
  license: string | undefined,
  extracted: Map<string, { licenseId: string; extractedText: string; name: string }>,
): string {
  if (!license) return NOASSERTION;
  if (isSpdxExpression(license)) return license;
  const licenseId = `LicenseRef-${idPart(license)}`;
  if (!extracted.has(licenseId))
    extracted.set(licenseId, { licenseId, extractedText: license, name: license });
  return licenseId;
}

function packageOf(
  entry: SbomEntry,
  id: string,
  extracted: Map<string, { licenseId: string; extractedText: string; name: string }>,
): Record<string, unknown> {
  const pkg = entry.package;
  const described: Record<string, unknown> = {
    SPDXID: id,
    name: pkg.name,
    downloadLocation: NOASSERTION,
    filesAnalyzed: false,
    licenseConcluded: NOASSERTION,
    licenseDeclared: declaredLicense(pkg.license, extracted),
    copyrightText: NOASSERTION,
    externalRefs: [
      { referenceCategory: "PACKAGE-MANAGER", referenceType: "purl", referenceLocator: entry.purl },
    ],
    primaryPackagePurpose: "LIBRARY",
    sourceInfo: `found in ${entry.locations.join(", ")}`,
  };
  if (pkg.version !== null) described.versionInfo = pkg.version;
  return described;
}
