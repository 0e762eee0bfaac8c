import { defineFileRule } from "../../../rule.ts";
import type { ManifestModel } from "../model.ts";

export const unpinnedDependency = defineFileRule<ManifestModel>({
  id: "sca/unpinned-dependency",
  analyzer: "sca",
  title: "Python requirement without a pinned version",
  severity: "low",
  confidence: "high",
  lifecycle: "stable",
  cwe: [1357],
  controls: ["SCA-PIN-01"],
  docs: {
    summary:
      "A requirements file names a package with a version range (or no version at all) and no constraints file pins it.",
    whyItMatters:
      "Every install may resolve to a different release, including a newly published malicious or vulnerable one, and advisories cannot be checked against a version that is not known. Builds stop being reproducible.",
    remediation:
      "Pin exact versions (`==`), ideally generated with hashes by pip-tools (`pip-compile --generate-hashes`) or uv, or pin through a `-c constraints.txt` file.",
    example: "requests==2.32.3\nflask==3.0.3",
    references: ["https://pip.pypa.io/en/stable/topics/repeatable-installs/"],
  },
  check(ctx) {
    if (ctx.model.format !== "requirements.txt") return;
    for (const pkg of ctx.model.packages) {
      // Packages of `-r` includes are reported when the included file itself is scanned.
      if (pkg.version !== null || pkg.location.path !== ctx.file.path) continue;
      const range = pkg.versionRange && pkg.versionRange !== "*" ? ` (${pkg.versionRange})` : "";
      ctx.report({
        message: `${pkg.name} is not pinned to an exact version${range}`,
        at: { line: pkg.location.line, column: 1 },
        properties: {
          ecosystem: pkg.ecosystem,
          packageName: pkg.name,
          versionRange: pkg.versionRange ?? null,
          purl: pkg.purl,
        },
      });
    }
  },
});
