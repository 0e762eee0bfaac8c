// The package model every manifest and lockfile parser returns: one entry per installed (or
// declared) package, with the file and line that declares it, ready for advisory matching.

/** OSV ecosystem names (https://ossf.github.io/osv-schema/#affectedpackage-field). */
export type Ecosystem =
  | "npm"
  | "PyPI"
  | "Go"
  | "Maven"
  | "NuGet"
  | "crates.io"
  | "Packagist"
  | "RubyGems"
  | "Pub"
  | "Hex"
  | "ConanCenter"
  | "CRAN"
  | "Bioconductor"
  | "CocoaPods"
  | "SwiftURL"
  | "Hackage"
  | "Julia"
  | "opam"
  | "Debian"
  | "Alpine";

export interface PackageLocation {
  /** Path of the declaring file, relative to the scan root (as given to the parser). */
  path: string;
  /** 1-based line of the entry that declares the package. */
  line: number;
}

export interface Package {
  ecosystem: Ecosystem;
  /** Normalised per ecosystem: PyPI PEP 503 (lower case, runs of `-_.` → `-`), Maven `group:artifact`. */
  name: string;
  /** The exact version, or null when only a range (or nothing) is known. */
  version: string | null;
  /** The declared range when the version is not pinned (e.g. `>=2.0,<3` in requirements.txt). */
  versionRange?: string;
  /** Declared by the project itself rather than pulled in by another package. */
  direct: boolean;
  /** Only needed for development (devDependencies, test scope, dev groups). */
  dev: boolean;
  location: PackageLocation;
  /** SPDX id or expression, where the file states a licence. */
  license?: string;
  /**
   * The declaring file records each package's licence (package-lock.json v2+, composer.lock), so
   * a package without `license` states none; absent where the format has no place for one.
   */
  licensesRecorded?: true;
  /** Package URL (https://github.com/package-url/purl-spec). */
  purl: string;
}

export type ParseOutcome =
  | { ok: true; packages: Package[]; warnings: string[] }
  | { ok: false; reason: string };

/** PEP 503 normalisation: lower case, every run of `-`, `_` and `.` becomes one `-`. */
export function normalizePythonName(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[-_.]+/g, "-");
}

export function normalizePackageName(ecosystem: Ecosystem, name: string): string {
  switch (ecosystem) {
    case "PyPI":
      return normalizePythonName(name);
    case "Packagist":
    case "Pub":
      return name.toLowerCase();
    default:
      return name;
  }
}

const PURL_TYPES: Record<Ecosystem, string> = {
  npm: "npm",
  PyPI: "pypi",
  Go: "golang",
  Maven: "maven",
  NuGet: "nuget",
  "crates.io": "cargo",
  Packagist: "composer",
  RubyGems: "gem",
  Pub: "pub",
  Hex: "hex",
  ConanCenter: "conan",
  CRAN: "cran",
  Bioconductor: "bioconductor",
  CocoaPods: "cocoapods",
  SwiftURL: "swift",
  Hackage: "hackage",
  Julia: "julia",
  opam: "opam",
  Debian: "deb",
  Alpine: "apk",
};

/** Whether a string is one of the OSV ecosystem names above (case as OSV writes it). */
export function isEcosystem(value: string): value is Ecosystem {
  return Object.hasOwn(PURL_TYPES, value);
}

// Per the purl spec, `:` need not be encoded in a segment; `@` must be (it starts the version).
function encodeSegment(segment: string): string {
  return encodeURIComponent(segment).replace(/%3A/gi, ":");
}

/**
 * The package URL for a (normalised) name and version; the version part is left out when unknown.
 * `qualifiers` (sorted by key, as the spec's canonical form wants) say what the name alone cannot,
 * e.g. the `uuid` the julia type requires, since two Julia registries may share a name.
 */
export function packageUrl(
  ecosystem: Ecosystem,
  name: string,
  version: string | null,
  qualifiers: Readonly<Record<string, string>> = {},
): string {
  let namespaceAndName: string[];
  switch (ecosystem) {
    case "Maven": {
      const [group = "", artifact = ""] = name.split(":");
      namespaceAndName = [group, artifact];
      break;
    }
    case "Debian":
      namespaceAndName = ["debian", name];
      break;
    case "Alpine":
      namespaceAndName = ["alpine", name];
      break;
    case "PyPI":
      namespaceAndName = [normalizePythonName(name)];
      break;
    case "npm":
    case "Go":
    case "Packagist":
    case "SwiftURL":
      namespaceAndName = name.split("/");
      break;
    default:
      namespaceAndName = [name];
  }
  const path = namespaceAndName.map(encodeSegment).join("/");
  const query = Object.keys(qualifiers)
    .sort()
    .map((key) => `${key}=${encodeSegment(qualifiers[key]!)}`)
    .join("&");
  return `pkg:${PURL_TYPES[ecosystem]}/${path}${version === null ? "" : `@${encodeSegment(version)}`}${query === "" ? "" : `?${query}`}`;
}
