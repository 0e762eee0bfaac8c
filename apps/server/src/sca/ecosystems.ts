// OSV ecosystem names (as the engine stores them on dependency findings) and the spec's names for
// them (npm, pip, go, maven …), which the pages and the fix tooltips show.
import type { ScaEcosystem } from "@rampart/contracts/sca";

export const ECOSYSTEMS: Record<string, ScaEcosystem> = {
  npm: "npm",
  PyPI: "pip",
  Go: "go",
  Maven: "maven",
  NuGet: "nuget",
  "crates.io": "cargo",
  Packagist: "composer",
  RubyGems: "rubygems",
};

/** The spec's name of an OSV ecosystem, for sentences ("not yet supported for maven"). */
export function specEcosystemName(osvEcosystem: string): string {
  return ECOSYSTEMS[osvEcosystem] ?? (osvEcosystem || "this ecosystem");
}
