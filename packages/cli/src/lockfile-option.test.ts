// `--lockfile <type>:<path>` on `rampart scan` and `rampart sbom` (in-process, with the engine's
// own registry), plus the scan finding renamed lockfiles by content.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import type { Io } from "./io.ts";
import { main } from "./main.ts";

const here = dirname(fileURLToPath(import.meta.url));
const engine = join(here, "..", "..", "engine", "src");
const vulnerableLock = readFileSync(
  join(engine, "analyzers", "sca", "fixtures", "vulnerable-dependency", "vulnerable", "package-lock.json"),
);
const parserFixtures = join(engine, "sca", "parsers", "fixtures");
const renamedCargoLock = join(parserFixtures, "sniffed", "Cargo.lock.orig");

const project = mkdtempSync(join(tmpdir(), "rampart-lockfile-"));
afterAll(() => rmSync(project, { recursive: true, force: true }));
mkdirSync(join(project, "vendor"));
mkdirSync(join(project, "old"));
// Neither name nor extension says lockfile: only --lockfile makes it one.
writeFileSync(join(project, "vendor", "deps.data"), vulnerableLock);
// A renamed copy: found by its content.
writeFileSync(join(project, "old", "package-lock.backup.json"), vulnerableLock);
cpSync(renamedCargoLock, join(project, "old", "Cargo.lock.orig"));
// Formats read since issue 21, under names that say nothing.
mkdirSync(join(project, "more"));
cpSync(join(parserFixtures, "rebar", "rebar.lock"), join(project, "more", "erlang.terms"));
cpSync(join(parserFixtures, "julia", "v1", "Manifest.toml"), join(project, "more", "julia.deps"));
cpSync(join(parserFixtures, "deno", "v4", "deno.lock"), join(project, "more", "deno.json.snapshot"));
cpSync(join(parserFixtures, "bun", "binary", "bun.lockb"), join(project, "more", "bun.lockb"));
cpSync(join(parserFixtures, "osv-scanner", "osv-scanner.json"), join(project, "more", "custom.json"));

interface Report {
  findings: { ruleId: string; location: { path: string }; properties?: Record<string, unknown> }[];
}

function lodashFindings(report: Report): string[] {
  return report.findings
    .filter((finding) => finding.properties?.cveId === "CVE-2021-23337")
    .map((finding) => finding.location.path)
    .sort();
}

async function rampart(...args: string[]) {
  let stdout = "";
  let stderr = "";
  const io: Io = {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    cwd: project,
    env: { SOURCE_DATE_EPOCH: "1714557630" },
  };
  const code = await main(args, io);
  return { code, stdout, stderr };
}

describe("rampart scan --lockfile", { timeout: 60_000 }, () => {
  it("reads a renamed copy by content, and a declared file as its declared type", async () => {
    const plain = await rampart("scan", ".", "--format", "json", "--workers", "0");
    expect(plain.code).toBe(0);
    expect(lodashFindings(JSON.parse(plain.stdout))).toEqual(["old/package-lock.backup.json"]);

    const declared = await rampart(
      "scan",
      ".",
      "--format",
      "json",
      "--workers",
      "0",
      "--lockfile",
      "package-lock.json:vendor/deps.data",
    );
    expect(declared.code).toBe(0);
    expect(lodashFindings(JSON.parse(declared.stdout))).toEqual([
      "old/package-lock.backup.json",
      "vendor/deps.data",
    ]);
  });

  it("scans one declared file given as the scanned path", async () => {
    const result = await rampart(
      "scan",
      "vendor/deps.data",
      "--format",
      "json",
      "--workers",
      "0",
      "--lockfile",
      "package-lock.json:vendor/deps.data",
    );
    expect(result.code).toBe(0);
    expect(lodashFindings(JSON.parse(result.stdout))).toEqual(["deps.data"]);
  });

  it("exits 2 with one line for an unknown type, a missing file or a file outside the scan", async () => {
    const unknown = await rampart("scan", ".", "--lockfile", "npm-lock:vendor/deps.data");
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(
      /^rampart: --lockfile: unknown type "npm-lock"; valid types: package-lock\.json, yarn\.lock, .*Podfile\.lock.*\n$/,
    );
    const missing = await rampart("scan", ".", "--lockfile", "yarn.lock:vendor/none.lock");
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe(
      "rampart: --lockfile yarn.lock:vendor/none.lock: no such file: vendor/none.lock\n",
    );
    const outside = await rampart("scan", "old", "--lockfile", "package-lock.json:vendor/deps.data");
    expect(outside.code).toBe(2);
    expect(outside.stderr).toMatch(
      /^rampart: --lockfile package-lock\.json:vendor\/deps\.data: not inside the scanned path .+\n$/,
    );
  });
});

describe("rampart sbom --lockfile", { timeout: 60_000 }, () => {
  it("lists the packages of declared files alone, and a tree's renamed copies once", async () => {
    const declaredOnly = await rampart("sbom", "--lockfile", "package-lock.json:vendor/deps.data");
    expect(declaredOnly.stderr).toBe("");
    expect(declaredOnly.code).toBe(0);
    const purls = (text: string) =>
      (JSON.parse(text) as { components: { purl: string }[] }).components.map((item) => item.purl);
    expect(purls(declaredOnly.stdout)).toContain("pkg:npm/lodash@4.17.20");

    const tree = await rampart("sbom", "old", "--lockfile", "Cargo.lock:old/Cargo.lock.orig");
    expect(tree.code).toBe(0);
    const treePurls = purls(tree.stdout);
    expect(treePurls).toContain("pkg:npm/lodash@4.17.20");
    expect(treePurls.filter((purl) => purl === "pkg:cargo/regex@1.10.2")).toHaveLength(1);
  });

  it("reads the newer formats by declared type, and says how to replace a binary bun.lockb", async () => {
    const result = await rampart(
      "sbom",
      "--lockfile",
      "rebar.lock:more/erlang.terms",
      "--lockfile",
      "manifest.toml:more/julia.deps",
      "--lockfile",
      "deno.lock:more/deno.json.snapshot",
      "--lockfile",
      "osv-scanner:more/custom.json",
      "--lockfile",
      "more/bun.lockb",
    );
    expect(result.code).toBe(0);
    const purls = (JSON.parse(result.stdout) as { components: { purl: string }[] }).components.map(
      (item) => item.purl,
    );
    expect(purls).toEqual(
      expect.arrayContaining([
        "pkg:hex/cowboy@2.10.0",
        "pkg:julia/JSON@0.21.4?uuid=682c06a0-de6a-54ab-a142-c8b1cf79cde6",
        "pkg:npm/chalk@5.3.0",
        "pkg:pypi/django@4.0",
      ]),
    );
    expect(result.stderr).toMatch(
      /^rampart: skipped more\/bun\.lockb: bun\.lockb is Bun's binary lockfile, .*bun install --save-text-lockfile/m,
    );
  });

  it("exits 2 for an unrecognised file given without a type", async () => {
    const result = await rampart("sbom", "--lockfile", "vendor/deps.data");
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /^rampart: --lockfile vendor\/deps\.data: not a format we recognise; .+\n$/,
    );
  });
});
