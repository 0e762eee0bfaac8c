// Lockfile parsing speed: a generated 5,000-package lockfile per format (package-lock.json v3,
// yarn.lock v1 and Berry, pnpm-lock.yaml v9), parsed by the engine's SCA parsers; best of 5 runs.
import { parseNpmLock } from "../packages/engine/src/sca/parsers/npm.ts";
import { parsePnpmLock } from "../packages/engine/src/sca/parsers/pnpm.ts";
import { parseYarnLock } from "../packages/engine/src/sca/parsers/yarn.ts";
import { markdownTable } from "./lib.ts";

const PACKAGES = 5_000;
const names = Array.from({ length: PACKAGES }, (_, index) =>
  index % 7 === 0 ? `@scope${index % 13}/pkg-${index}` : `pkg-${index}`,
);
const versionOf = (index: number): string => `${1 + (index % 9)}.${index % 17}.${index % 5}`;
const depsOf = (index: number): number[] =>
  [1, 2, 3].map((step) => (index * 7 + step * 131) % PACKAGES).filter((d) => d !== index);

function npmLock(): string {
  const packages: Record<string, unknown> = {
    "": {
      name: "bench",
      version: "1.0.0",
      dependencies: Object.fromEntries(names.slice(0, 50).map((n, i) => [n, `^${versionOf(i)}`])),
    },
  };
  names.forEach((name, index) => {
    packages[`node_modules/${name}`] = {
      version: versionOf(index),
      resolved: `https://registry.npmjs.org/${name}/-/${name.split("/").pop()}-${versionOf(index)}.tgz`,
      integrity:
        "sha512-8xOcRHvCjnocdS5cpwXQXVzmmh5e5+saE2QGoeQmbKmRS6J3VQppPOIt0MnmE+4xlZoumy0GPG0D0MVIQbNA1A==",
      license: "MIT",
      ...(index % 4 === 0 ? { dev: true } : {}),
      dependencies: Object.fromEntries(depsOf(index).map((d) => [names[d], `^${versionOf(d)}`])),
    };
  });
  return JSON.stringify(
    { name: "bench", version: "1.0.0", lockfileVersion: 3, requires: true, packages },
    null,
    2,
  );
}

function yarnLock(berry: boolean): string {
  const quote = (text: string): string => `"${text}"`;
  const lines = berry ? ["__metadata:", "  version: 8", "  cacheKey: 10c0", ""] : ["# yarn lockfile v1", ""];
  names.forEach((name, index) => {
    const range = berry ? `npm:^${versionOf(index)}` : `^${versionOf(index)}`;
    lines.push(`${quote(`${name}@${range}`)}:`);
    if (berry) {
      lines.push(
        `  version: ${versionOf(index)}`,
        `  resolution: "${name}@npm:${versionOf(index)}"`,
        "  dependencies:",
      );
      for (const d of depsOf(index)) lines.push(`    ${quote(names[d]!)}: "npm:^${versionOf(d)}"`);
      lines.push("  checksum: 10c0/abcdef", "  languageName: node", "  linkType: hard", "");
    } else {
      lines.push(
        `  version "${versionOf(index)}"`,
        `  resolved "https://registry.yarnpkg.com/${name}/-/x-${versionOf(index)}.tgz#abc"`,
        "  dependencies:",
      );
      for (const d of depsOf(index)) lines.push(`    ${quote(names[d]!)} "^${versionOf(d)}"`);
      lines.push("");
    }
  });
  return lines.join("\n");
}

function pnpmLock(): string {
  const lines = ["lockfileVersion: '9.0'", "", "importers:", "", "  .:", "    dependencies:"];
  for (const [index, name] of names.slice(0, 50).entries()) {
    lines.push(
      `      '${name}':`,
      `        specifier: ^${versionOf(index)}`,
      `        version: ${versionOf(index)}`,
    );
  }
  lines.push("", "packages:", "");
  for (const [index, name] of names.entries()) {
    lines.push(`  '${name}@${versionOf(index)}':`, "    resolution: {integrity: sha512-abc}", "");
  }
  lines.push("snapshots:", "");
  names.forEach((name, index) => {
    lines.push(`  '${name}@${versionOf(index)}':`, "    dependencies:");
    for (const d of depsOf(index)) lines.push(`      '${names[d]}': ${versionOf(d)}`);
    lines.push("");
  });
  return lines.join("\n");
}

export async function run(): Promise<string> {
  const cases = [
    { format: "package-lock.json v3", text: npmLock(), parse: parseNpmLock },
    { format: "yarn.lock v1", text: yarnLock(false), parse: parseYarnLock },
    { format: "yarn.lock Berry", text: yarnLock(true), parse: parseYarnLock },
    { format: "pnpm-lock.yaml v9", text: pnpmLock(), parse: parsePnpmLock },
  ];
  const rows: (string | number)[][] = [];
  for (const { format, text, parse } of cases) {
    let best = Number.POSITIVE_INFINITY;
    let count = 0;
    for (let round = 0; round < 5; round++) {
      const started = performance.now();
      const outcome = parse("bench/lock", text);
      best = Math.min(best, performance.now() - started);
      count = outcome.ok ? outcome.packages.length : 0;
    }
    rows.push([
      format,
      (text.length / 1e6).toFixed(2),
      count,
      best.toFixed(1),
      Math.round((count / best) * 1000),
    ]);
  }
  return markdownTable(["format", "MB", "packages", "best ms", "packages/s"], rows);
}
