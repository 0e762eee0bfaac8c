// Advisory matching throughput: generates 200,000 synthetic OSV advisories across ecosystems
// (realistic shapes: several branches per advisory, introduced 0, last_affected, prereleases,
// explicit versions lists, GHSA/PYSEC pairs that alias each other), parses and indexes them, then
// matches 5,000 installed packages and reports advisories/s indexed and packages/s matched.
//   node --import tsx bench/osv-match.ts [advisories=200000] [packages=5000]
// Also exports `run()` for bench/run.ts.
import { pathToFileURL } from "node:url";
import { packageKey } from "../packages/engine/src/sca/osv/ecosystem.ts";
import {
  createAdvisoryIndex,
  type MatchablePackage,
  matchPackages,
} from "../packages/engine/src/sca/osv/match.ts";
import { type OsvRecord, parseOsvRecord } from "../packages/engine/src/sca/osv/record.ts";

/** Deterministic pseudo-random numbers, so every run matches the same corpus. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

type Version = [number, number, number];

const ECOSYSTEMS: {
  name: string;
  share: number;
  format(version: Version, next: () => number): string;
  packageName(i: number): string;
}[] = [
  {
    name: "npm",
    share: 0.4,
    format: ([a, b, c]) => `${a}.${b}.${c}`,
    packageName: (i) => (i % 5 === 0 ? `@scope${i % 97}/pkg-${i}` : `pkg-${i}`),
  },
  {
    name: "PyPI",
    share: 0.18,
    format: ([a, b, c], next) => (next() < 0.1 ? `${a}.${b}.${c}rc1` : `${a}.${b}.${c}`),
    packageName: (i) => `Py_Package.${i}`,
  },
  {
    name: "Maven",
    share: 0.14,
    format: ([a, b, c], next) => (next() < 0.3 ? `${a}.${b}.${c}.Final` : `${a}.${b}.${c}`),
    packageName: (i) => `org.example${i % 50}:artifact-${i}`,
  },
  {
    name: "Go",
    share: 0.1,
    format: ([a, b, c]) => `${a}.${b}.${c}`,
    packageName: (i) => `github.com/org${i % 200}/module${i}`,
  },
  {
    name: "NuGet",
    share: 0.06,
    format: ([a, b, c]) => `${a}.${b}.${c}`,
    packageName: (i) => `Example.Package${i}`,
  },
  {
    name: "RubyGems",
    share: 0.05,
    format: ([a, b, c], next) => (next() < 0.2 ? `${a}.${b}.${c}.1` : `${a}.${b}.${c}`),
    packageName: (i) => `gem-${i}`,
  },
  {
    name: "crates.io",
    share: 0.03,
    format: ([a, b, c]) => `${a}.${b}.${c}`,
    packageName: (i) => `crate_${i}`,
  },
  {
    name: "Packagist",
    share: 0.02,
    format: ([a, b, c]) => `${a}.${b}.${c}`,
    packageName: (i) => `vendor${i % 100}/package-${i}`,
  },
  {
    name: "Debian:12",
    share: 0.01,
    format: ([a, b, c]) => `${a}.${b}.${c}-1+deb12u${c + 1}`,
    packageName: (i) => `libexample${i}`,
  },
  {
    name: "Alpine:v3.19",
    share: 0.01,
    format: ([a, b, c]) => `${a}.${b}.${c}-r${c}`,
    packageName: (i) => `apk-${i}`,
  },
];

const PACKAGES_PER_ECOSYSTEM = 25_000;

function pickEcosystem(next: () => number) {
  let roll = next();
  for (const ecosystem of ECOSYSTEMS) {
    roll -= ecosystem.share;
    if (roll <= 0) return ecosystem;
  }
  return ECOSYSTEMS[0]!;
}

function advisory(index: number, next: () => number): unknown {
  const ecosystem = pickEcosystem(next);
  const name = ecosystem.packageName(Math.floor(next() * PACKAGES_PER_ECOSYSTEM));
  const branches = 1 + Math.floor(next() * 3);
  const ranges = [];
  for (let branch = 0; branch < branches; branch++) {
    const major = 1 + branch * 2 + Math.floor(next() * 2);
    const minor = Math.floor(next() * 20);
    const introduced = branch === 0 && next() < 0.5 ? "0" : ecosystem.format([major, minor, 0], next);
    const end = ecosystem.format([major, minor, 1 + Math.floor(next() * 15)], next);
    ranges.push({
      type: "ECOSYSTEM",
      events: [{ introduced }, next() < 0.07 ? { last_affected: end } : { fixed: end }],
    });
  }
  const cve = `CVE-20${10 + (index % 15)}-${10000 + Math.floor(index / 2)}`;
  const pypiPair = ecosystem.name === "PyPI" && index % 2 === 1;
  return {
    schema_version: "1.6.0",
    id: pypiPair
      ? `PYSEC-2024-${index}`
      : `GHSA-${index.toString(36).padStart(4, "0")}-bench-${index % 9973}`,
    modified: "2024-06-01T00:00:00Z",
    published: "2024-01-01T00:00:00Z",
    aliases: [cve],
    summary: `Synthetic advisory ${index}`,
    severity:
      next() < 0.8 ? [{ type: "CVSS_V3", score: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N" }] : [],
    affected: [
      {
        package: { ecosystem: ecosystem.name, name },
        ranges,
        ...(next() < 0.05
          ? { versions: [ecosystem.format([1, 0, 0], next), ecosystem.format([1, 0, 1], next)] }
          : {}),
      },
    ],
    references: [{ type: "ADVISORY", url: `https://example.com/advisories/${index}` }],
    database_specific: { severity: "HIGH" },
  };
}

function installedPackages(count: number, next: () => number): MatchablePackage[] {
  const packages: MatchablePackage[] = [];
  for (let i = 0; i < count; i++) {
    const ecosystem = pickEcosystem(next);
    const version = ecosystem.format(
      [1 + Math.floor(next() * 6), Math.floor(next() * 20), Math.floor(next() * 16)],
      () => 1,
    );
    packages.push({
      ecosystem: ecosystem.name,
      name: ecosystem.packageName(Math.floor(next() * PACKAGES_PER_ECOSYSTEM)),
      version,
    });
  }
  return packages;
}

function seconds(start: number): number {
  return (performance.now() - start) / 1000;
}

export async function run(advisoryCount = 200_000, packageCount = 5_000): Promise<string> {
  const next = random(42);
  const raw = Array.from({ length: advisoryCount }, (_, index) => advisory(index, next));
  const packages = installedPackages(packageCount, next);

  let start = performance.now();
  const records: OsvRecord[] = [];
  for (const json of raw) {
    const parsed = parseOsvRecord(json);
    if (parsed.ok) records.push(parsed.record);
  }
  const parseSeconds = seconds(start);

  start = performance.now();
  const index = createAdvisoryIndex(records);
  const indexSeconds = seconds(start);

  start = performance.now();
  const cold = matchPackages(index, packages);
  const coldSeconds = seconds(start);
  start = performance.now();
  const warm = matchPackages(index, packages);
  const warmSeconds = seconds(start);

  const candidates = packages.reduce(
    (sum, pkg) => sum + (index.byPackage.get(packageKey(pkg.ecosystem, pkg.name))?.length ?? 0),
    0,
  );
  const rate = (count: number, time: number) => Math.round(count / time).toLocaleString("en-US");
  return [
    `${advisoryCount.toLocaleString("en-US")} synthetic advisories over ${ECOSYSTEMS.length} ecosystems, ${packageCount.toLocaleString("en-US")} installed packages (${warm.vulnerabilities.length.toLocaleString("en-US")} vulnerabilities after alias merge, ${warm.unevaluated.length} unevaluated; ~${Math.round(candidates / packageCount)} candidate records per package for ${PACKAGES_PER_ECOSYSTEM.toLocaleString("en-US")} names per ecosystem).`,
    "",
    "| step | time | rate |",
    "| --- | --- | --- |",
    `| parse (zod) | ${parseSeconds.toFixed(2)} s | ${rate(advisoryCount, parseSeconds)} advisories/s |`,
    `| index | ${indexSeconds.toFixed(2)} s | ${rate(advisoryCount, indexSeconds)} advisories/s |`,
    `| match, cold (ranges compiled on first use) | ${coldSeconds.toFixed(2)} s | ${rate(packageCount, coldSeconds)} packages/s |`,
    `| match, warm | ${warmSeconds.toFixed(2)} s | ${rate(packageCount, warmSeconds)} packages/s |`,
    "",
    `Cold and warm runs agree: ${cold.vulnerabilities.length === warm.vulnerabilities.length}.`,
  ].join("\n");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const [advisories, packages] = process.argv.slice(2).map(Number);
  console.log(await run(advisories || undefined, packages || undefined));
}
