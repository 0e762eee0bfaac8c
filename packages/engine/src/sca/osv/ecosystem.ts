// Which package an OSV `affected[].package` names: ecosystem (with its optional release suffix)
// and the name normalised as the ecosystem's registry compares names.
import { baseEcosystem } from "./versions/index.ts";

/** PyPI by PEP 503; NuGet, Packagist and Pub case-insensitively; everything else exactly. */
export function normalizeEcosystemName(ecosystem: string, name: string): string {
  switch (baseEcosystem(ecosystem)) {
    case "PyPI":
      return name
        .trim()
        .toLowerCase()
        .replace(/[-_.]+/g, "-");
    case "NuGet":
    case "Packagist":
    case "Pub":
      return name.trim().toLowerCase();
    default:
      return name.trim();
  }
}

export function packageKey(ecosystem: string, name: string): string {
  return `${baseEcosystem(ecosystem)}\u0000${normalizeEcosystemName(ecosystem, name)}`;
}

function releaseOf(ecosystem: string): string | undefined {
  const colon = ecosystem.indexOf(":");
  if (colon === -1) return undefined;
  const release = ecosystem.slice(colon + 1).trim();
  return release.startsWith("v") ? release.slice(1) : release;
}

/**
 * `Debian:12` matches `Debian:12`; a package whose ecosystem carries no release (`Debian`)
 * matches every release, because the caller did not say which distribution it came from.
 */
export function samePackageEcosystem(recordEcosystem: string, packageEcosystem: string): boolean {
  if (baseEcosystem(recordEcosystem) !== baseEcosystem(packageEcosystem)) return false;
  const recordRelease = releaseOf(recordEcosystem);
  const packageRelease = releaseOf(packageEcosystem);
  return recordRelease === undefined || packageRelease === undefined || recordRelease === packageRelease;
}
