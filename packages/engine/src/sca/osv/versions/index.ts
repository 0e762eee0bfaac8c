// The version order of each OSV ecosystem, as data. `Debian:12` or `Alpine:v3.19` use the order
// of the part before the colon. Ecosystems without an entry (ConanCenter, CocoaPods: OSV defines no
// order for them) evaluate to "unknown", never to "not affected".
import { alpineOrder } from "./alpine.ts";
import { debianOrder } from "./debian.ts";
import { goOrder, semverRangeOrder } from "./go.ts";
import { mavenOrder } from "./maven.ts";
import { semverOrder } from "./npm.ts";
import { nugetOrder } from "./nuget.ts";
import { hackageOrder, rPackageOrder } from "./numeric.ts";
import { opamOrder } from "./opam.ts";
import type { VersionOrder } from "./order.ts";
import { packagistOrder } from "./packagist.ts";
import { pypiOrder } from "./pypi.ts";
import { rubygemsOrder } from "./rubygems.ts";

export type { VersionOrder } from "./order.ts";

const ORDERS: Readonly<Record<string, VersionOrder>> = {
  npm: semverOrder,
  "crates.io": semverOrder,
  Hex: semverOrder,
  Pub: semverOrder,
  SwiftURL: semverOrder,
  CRAN: rPackageOrder,
  Bioconductor: rPackageOrder,
  Hackage: hackageOrder,
  // Julia's VersionNumber is SemVer 2.0 (prereleases and build metadata included).
  Julia: semverOrder,
  opam: opamOrder,
  PyPI: pypiOrder,
  Go: goOrder,
  Maven: mavenOrder,
  NuGet: nugetOrder,
  Debian: debianOrder,
  Ubuntu: debianOrder,
  Alpine: alpineOrder,
  RubyGems: rubygemsOrder,
  Packagist: packagistOrder,
};

/** `Debian:12` → `Debian`; `Alpine:v3.19` → `Alpine`. */
export function baseEcosystem(ecosystem: string): string {
  const colon = ecosystem.indexOf(":");
  return colon === -1 ? ecosystem : ecosystem.slice(0, colon);
}

/** The order for an ecosystem (suffix ignored), or undefined for one we do not know. */
export function versionOrderFor(ecosystem: string): VersionOrder | undefined {
  return ORDERS[baseEcosystem(ecosystem)];
}

/** The order OSV `SEMVER` ranges use, whatever the ecosystem. */
export const semverRanges: VersionOrder = semverRangeOrder;

export const supportedEcosystems: readonly string[] = Object.keys(ORDERS);
