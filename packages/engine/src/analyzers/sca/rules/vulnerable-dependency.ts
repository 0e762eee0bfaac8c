import { defineProjectRule } from "../../../rule.ts";
import { type AdvisorySource, bundledAdvisorySource } from "../../../sca/advisory-source.ts";
import { matchPackages, type Unevaluated, type Vulnerability } from "../../../sca/osv/match.ts";
import type { Package } from "../../../sca/package.ts";
import { folderOf } from "../../../source.ts";
import type { ManifestSummary } from "../model.ts";

/** `lodash 4.17.20 has CVE-2021-23337 (Command Injection in lodash); fixed in 4.17.21` */
export function vulnerabilityMessage(vulnerability: Vulnerability<Package>): string {
  const pkg = vulnerability.package;
  const summary = vulnerability.summary ? ` (${vulnerability.summary})` : "";
  const fix = vulnerability.fixedVersion
    ? `fixed in ${vulnerability.fixedVersion}`
    : "no fixed version listed";
  return `${pkg.name} ${pkg.version} has ${vulnerability.id}${summary}; ${fix}`;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Every package to check, once per declaring file; a go.sum entry that the go.mod beside it also
 * declares (same module and version) is left to go.mod, the file a developer edits.
 */
export function packagesToCheck(files: readonly { path: string; summary: ManifestSummary }[]): Package[] {
  const goMod = new Set<string>();
  for (const file of files) {
    if (file.summary.format !== "go.mod") continue;
    for (const pkg of file.summary.packages)
      goMod.add(`${folderOf(file.path)}\u0000${pkg.name}@${pkg.version}`);
  }
  return files.flatMap((file) =>
    file.summary.format === "go.sum"
      ? file.summary.packages.filter(
          (pkg) => !goMod.has(`${folderOf(file.path)}\u0000${pkg.name}@${pkg.version}`),
        )
      : file.summary.packages,
  );
}

/** One line for the run's problems: how many advisories could not be evaluated, with examples. */
function unevaluatedReason(unevaluated: readonly Unevaluated<Package>[]): string {
  const examples = unevaluated
    .slice(0, 3)
    .map(
      (item) => `${item.package.name} in ${item.package.location.path} (${item.advisory}: ${item.reason})`,
    );
  const more = unevaluated.length > 3 ? `, and ${unevaluated.length - 3} more` : "";
  return `${unevaluated.length} advisories could not be evaluated: ${examples.join("; ")}${more}`;
}

export const vulnerableDependency = defineProjectRule<ManifestSummary>({
  id: "sca/vulnerable-dependency",
  analyzer: "sca",
  title: "Dependency with a known vulnerability",
  severity: "high",
  severityFromData: true,
  confidence: "high",
  lifecycle: "stable",
  cwe: [1395],
  controls: ["SCA-VUL-01"],
  docs: {
    summary:
      "A manifest or lockfile installs a package version that an OSV advisory (GitHub Advisory Database, PyPA, Go, RustSec…) lists as affected. One finding per package and vulnerability, at the line that declares the package; its severity is the advisory's (highest CVSS base score of the aliased records).",
    whyItMatters:
      "Known vulnerabilities in dependencies are the most exploited weakness of applications: exploit code is usually public by the time an advisory is, and scanners on the attacker's side find the version as easily as this one does.",
    remediation:
      "Upgrade to the fixed version the finding names (or any later one), regenerate the lockfile and redeploy. For a transitive package, upgrade the direct dependency that pulls it in, or force the version (npm `overrides`, yarn `resolutions`, pip constraints). If the vulnerable code cannot be reached, record that decision as a suppression or VEX statement with its justification.",
    references: ["https://osv.dev/", "https://cwe.mitre.org/data/definitions/1395.html"],
  },
  check(ctx) {
    const packages = packagesToCheck(ctx.files);
    if (packages.length === 0) return;
    const source: AdvisorySource = ctx.advisories ?? bundledAdvisorySource();
    if ((source.storeSize ?? source.index.size) === 0) {
      ctx.incomplete(`no advisory data (${source.description}): ${packages.length} packages not checked`);
      return;
    }
    const { vulnerabilities, unevaluated } = matchPackages(source.index, packages);
    // A version we cannot place (a range, an unparsable string) is not "not affected".
    if (unevaluated.length > 0) ctx.incomplete(unevaluatedReason(unevaluated));
    // Several vulnerabilities of one package share its line, and fingerprints tell identical lines
    // apart by order: report in a fixed order (by id) so they do not swap between runs.
    const ordered = [...vulnerabilities].sort(
      (a, b) =>
        compareText(a.package.location.path, b.package.location.path) ||
        a.package.location.line - b.package.location.line ||
        compareText(a.id, b.id),
    );
    for (const vulnerability of ordered) {
      const pkg = vulnerability.package;
      ctx.report({
        path: pkg.location.path,
        at: { line: pkg.location.line, column: 1 },
        message: vulnerabilityMessage(vulnerability),
        severity: vulnerability.severity,
        properties: {
          cveId: vulnerability.id,
          aliases: vulnerability.aliases,
          advisoryIds: vulnerability.advisories,
          cvssScore: vulnerability.cvss?.score ?? null,
          ecosystem: pkg.ecosystem,
          packageName: pkg.name,
          packageVersion: pkg.version,
          fixedVersion: vulnerability.fixedVersion,
          license: pkg.license ?? null,
          licensesRecorded: pkg.licensesRecorded === true,
          direct: pkg.direct,
          dev: pkg.dev,
          purl: pkg.purl,
          summary: vulnerability.summary ?? null,
        },
      });
    }
  },
});
