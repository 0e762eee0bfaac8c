// CycloneDX 1.6 JSON through @cyclonedx/cyclonedx-library: one component per purl (bom-ref = the
// purl), scope `required` for production and `optional` for dev-only packages, licences through
// the library's licence factory (SPDX id, expression or a named licence), and the root
// component depending on the direct packages. Lists are sorted and every id is derived, so the
// same inventory and timestamp give byte-identical output.
import * as CDX from "@cyclonedx/cyclonedx-library";
import parseSpdx from "spdx-expression-parse";
import type { Package } from "../sca/package.ts";
import { contentUuid, isoTimestamp, type SbomEntry, type SbomMeta, sbomEntries } from "./inventory.ts";

export type { SbomMeta } from "./inventory.ts";

const licenseFactory = new CDX.Contrib.License.Factories.LicenseFactory((expression) => {
  parseSpdx(expression);
});
const serializer = new CDX.Serialize.JsonSerializer(
  new CDX.Serialize.JSON.Normalize.Factory(CDX.Spec.Spec1dot6),
);

// CycloneDX puts an npm scope and a Maven groupId in `group`.
function groupAndName(pkg: Package): { group?: string; name: string } {
  if (pkg.ecosystem === "npm" && pkg.name.startsWith("@") && pkg.name.includes("/")) {
    const slash = pkg.name.indexOf("/");
    return { group: pkg.name.slice(0, slash), name: pkg.name.slice(slash + 1) };
  }
  if (pkg.ecosystem === "Maven" && pkg.name.includes(":")) {
    const [group, name] = pkg.name.split(":") as [string, string];
    return { group, name };
  }
  return { name: pkg.name };
}

function component(entry: SbomEntry): CDX.Models.Component {
  const pkg = entry.package;
  const { group, name } = groupAndName(pkg);
  const properties = [
    new CDX.Models.Property("rampart:ecosystem", pkg.ecosystem),
    ...entry.locations.map((location) => new CDX.Models.Property("rampart:location", location)),
  ];
  const created = new CDX.Models.Component(CDX.Enums.ComponentType.Library, name, {
    bomRef: entry.purl,
    purl: entry.purl,
    scope: entry.dev ? CDX.Enums.ComponentScope.Optional : CDX.Enums.ComponentScope.Required,
    properties: new CDX.Models.PropertyRepository(properties),
  });
  if (group !== undefined) created.group = group;
  if (pkg.version !== null) created.version = pkg.version;
  if (pkg.license) created.licenses.add(licenseFactory.makeFromString(pkg.license));
  return created;
}

/** The BOM as a JSON string (2-space indented). */
export function toCycloneDxJson(packages: readonly Package[], meta: SbomMeta): string {
  const entries = sbomEntries(packages);
  const bom = new CDX.Models.Bom();
  bom.version = 1;
  bom.serialNumber = meta.serialNumber ?? `urn:uuid:${contentUuid(entries, meta)}`;
  bom.metadata.timestamp = new Date(isoTimestamp(meta.timestamp));
  bom.metadata.tools.components.add(
    new CDX.Models.Component(CDX.Enums.ComponentType.Application, "rampart", {
      bomRef: "tool:rampart",
      version: meta.toolVersion,
    }),
  );
  // A fixed bom-ref: the library would otherwise make a random one.
  const root = new CDX.Models.Component(
    meta.kind === "container" ? CDX.Enums.ComponentType.Container : CDX.Enums.ComponentType.Application,
    meta.name,
    { bomRef: "root" },
  );
  if (meta.version) root.version = meta.version;
  bom.metadata.component = root;
  const components = new Map(entries.map((entry) => [entry.purl, component(entry)]));
  for (const entry of entries) {
    const created = components.get(entry.purl)!;
    bom.components.add(created);
    if (entry.direct || meta.kind === "container") root.dependencies.add(created.bomRef);
  }
  if (meta.os) {
    const os = new CDX.Models.Component(CDX.Enums.ComponentType.OperatingSystem, meta.os.id, {
      bomRef: `os:${meta.os.id}${meta.os.versionId ? `@${meta.os.versionId}` : ""}`,
    });
    if (meta.os.versionId) os.version = meta.os.versionId;
    bom.components.add(os);
  }
  return serializer.serialize(bom, { sortLists: true, space: 2 });
}

/** The BOM as a JSON object. */
export function toCycloneDx(packages: readonly Package[], meta: SbomMeta): Record<string, unknown> {
  return JSON.parse(toCycloneDxJson(packages, meta)) as Record<string, unknown>;
}
