// `scanImage`: an image's packages matched against OSV advisories of the right ecosystem. OS
// packages are matched in their distribution release (`Debian:12`, `Alpine:v3.19`) under the
// name the distribution files advisories under: Debian's source package (DSA/DLA records name
// `openssl`, not `libssl3`) with the source version, Alpine's origin package (secdb names the
// aports package). Language packages are matched as they are (npm, PyPI, Go).
import type { CvssScore } from "../sca/osv/cvss.ts";
import {
  type AdvisoryIndex,
  type MatchablePackage,
  matchPackages,
  type Vulnerability,
} from "../sca/osv/match.ts";
import { type ImageInventory, type ImagePackage, type ReadImageOptions, readImage } from "./image.ts";

/** How a package was looked up: ecosystem with release, and the advisory name and version. */
export interface MatchedAs {
  ecosystem: string;
  name: string;
  version: string | null;
}

export interface ImageVulnerability extends Omit<Vulnerability, "package"> {
  package: ImagePackage;
  matchedAs: MatchedAs;
  installedVersion: string | null;
  cvssScore?: number;
  cvss?: CvssScore;
}

export interface ImageScan {
  image: ImageInventory;
  vulnerabilities: ImageVulnerability[];
  /** Advisories naming a package that could not be evaluated (no exact version, unparsable). */
  unevaluated: { package: ImagePackage; advisory: string; reason: string }[];
}

interface Target extends MatchablePackage {
  imagePackage: ImagePackage;
}

export function matchTarget(pkg: ImagePackage, image: Pick<ImageInventory, "os">): MatchedAs {
  if (pkg.ecosystem === "Debian" || pkg.ecosystem === "Alpine") {
    // Without os-release, the bare ecosystem matches every release's advisories (see the README).
    const ecosystem =
      image.os?.ecosystem?.split(":")[0] === pkg.ecosystem ? image.os.ecosystem : pkg.ecosystem;
    return {
      ecosystem,
      name: pkg.source?.name ?? pkg.name,
      version: pkg.source?.version ?? pkg.version,
    };
  }
  return { ecosystem: pkg.ecosystem, name: pkg.name, version: pkg.version };
}

export function matchImage(image: ImageInventory, index: AdvisoryIndex): Omit<ImageScan, "image"> {
  const targets: Target[] = image.packages.map((pkg) => ({ ...matchTarget(pkg, image), imagePackage: pkg }));
  const result = matchPackages(index, targets);
  const vulnerabilities = result.vulnerabilities.map((vulnerability): ImageVulnerability => {
    const { package: target, ...rest } = vulnerability;
    const matched: ImageVulnerability = {
      ...rest,
      package: target.imagePackage,
      matchedAs: { ecosystem: target.ecosystem, name: target.name, version: target.version },
      installedVersion: target.imagePackage.version,
    };
    if (vulnerability.cvss) matched.cvssScore = vulnerability.cvss.score;
    return matched;
  });
  return {
    vulnerabilities,
    unevaluated: result.unevaluated.map(({ package: target, advisory, reason }) => ({
      package: target.imagePackage,
      advisory,
      reason,
    })),
  };
}

export async function scanImage(
  path: string,
  index: AdvisoryIndex,
  options: ReadImageOptions = {},
): Promise<ImageScan> {
  const image = await readImage(path, options);
  return { image, ...matchImage(image, index) };
}
