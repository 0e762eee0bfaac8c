// Reading a stored CycloneDX document defensively (sbomData is typed as an open object), the
// download file name, and the short hash shown on each artifact.
import type { SbomArtifact } from "@rampart/contracts/sca";

/** Components rendered per artifact; the rest are counted in a '+N more' line. */
export const COMPONENTS_SHOWN = 200;

export interface SbomComponent {
  name: string;
  version: string | null;
  purl: string | null;
  licenses: string[];
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null;
const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : null);

/** CycloneDX licence choices: `{ license: { id } }`, `{ license: { name } }` or `{ expression }`. */
function licenseNames(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((choice) => {
    if (!isObject(choice)) return [];
    const expression = text(choice.expression);
    if (expression) return [expression];
    const license = choice.license;
    if (!isObject(license)) return [];
    const name = text(license.id) ?? text(license.name);
    return name ? [name] : [];
  });
}

export function sbomComponents(sbomData: Record<string, unknown>): SbomComponent[] {
  const components = sbomData.components;
  if (!Array.isArray(components)) return [];
  return components.filter(isObject).map((component) => ({
    name: text(component.name) ?? "(unnamed)",
    version: text(component.version),
    purl: text(component.purl),
    licenses: licenseNames(component.licenses),
  }));
}

export function shortHash(hash: string): string {
  return hash.length > 16 ? `${hash.slice(0, 16)}…` : hash;
}

export function sbomFileName(artifact: Pick<SbomArtifact, "id">): string {
  return `sbom-${artifact.id.slice(0, 8)}.cdx.json`;
}

export function sbomBlob(artifact: Pick<SbomArtifact, "sbomData">): Blob {
  return new Blob([`${JSON.stringify(artifact.sbomData, null, 2)}\n`], {
    type: "application/vnd.cyclonedx+json",
  });
}
