// `rampart osv import` into a temporary cache, then `rampart scan` matching against it, through
// the real launcher and the production registry.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { type Run, runRampart } from "../../test/run-rampart.ts";

const here = dirname(fileURLToPath(import.meta.url));
const engine = join(here, "..", "..", "..", "engine", "src");
const demoAdvisories = join(engine, "sca", "osv", "data", "demo-advisories");
const vulnerableLock = readFileSync(
  join(engine, "analyzers", "sca", "fixtures", "vulnerable-dependency", "vulnerable", "package-lock.json"),
);

let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "rampart-osv-"));
  dirs.push(dir);
  return dir;
}

function rampart(cwd: string, cacheHome: string, ...args: string[]): Promise<Run> {
  return runRampart(cwd, args, { XDG_CACHE_HOME: cacheHome });
}

describe("rampart osv import and scan", { timeout: 60_000 }, () => {
  it("imports incrementally, then scan matches against the cache", async () => {
    const cacheHome = tempDir();
    const project = tempDir();
    writeFileSync(join(project, "package-lock.json"), vulnerableLock);
    const cacheDir = join(cacheHome, "rampart", "osv");

    const first = await rampart(project, cacheHome, "osv", "import", demoAdvisories);
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    expect(first.stdout).toBe(`31 inserted, 0 updated, 0 skipped; 31 records in ${cacheDir}\n`);
    const second = await rampart(project, cacheHome, "osv", "import", demoAdvisories);
    expect(second.stdout).toBe(`0 inserted, 0 updated, 31 skipped; 31 records in ${cacheDir}\n`);
    expect(readFileSync(join(cacheDir, "advisories.ndjson"), "utf8").trim().split("\n")).toHaveLength(31);

    const json = await rampart(project, cacheHome, "scan", ".", "--format", "json", "--workers", "0");
    expect(json.code).toBe(0);
    const report = JSON.parse(json.stdout) as {
      findings: {
        ruleId: string;
        severity: string;
        location: { line: number };
        properties?: Record<string, unknown>;
      }[];
    };
    const injection = report.findings.find((finding) => finding.properties?.cveId === "CVE-2021-23337");
    expect(injection).toMatchObject({
      ruleId: "sca/vulnerable-dependency",
      severity: "high",
      location: { line: 15 },
      properties: { packageName: "lodash", packageVersion: "4.17.20", fixedVersion: "4.17.21" },
    });

    const table = await rampart(project, cacheHome, "scan", ".", "--workers", "0");
    expect(table.stdout).toContain(
      "lodash 4.17.20 has CVE-2021-23337 (Command Injection in lodash); fixed in 4.17.21",
    );
    expect(table.stdout).toMatch(/Vulnerable dependencies: 1 package, 2 vulnerabilities/);
    expect(table.stdout).toMatch(
      /lodash\s+4\.17\.20\s+CVE-2021-23337\s+high 7\.2\s+4\.17\.21\s+package-lock\.json:15/,
    );
  });

  it("a newer record updates, an older one is skipped", async () => {
    const cacheHome = tempDir();
    const record = JSON.parse(readFileSync(join(demoAdvisories, "npm", "GHSA-35jh-r3h4-6jhm.json"), "utf8"));
    const input = tempDir();
    writeFileSync(join(input, "a.json"), JSON.stringify(record));
    expect((await rampart(input, cacheHome, "osv", "import", "a.json")).stdout).toMatch(
      /^1 inserted, 0 updated, 0 skipped/,
    );
    writeFileSync(join(input, "a.json"), JSON.stringify({ ...record, modified: "2099-01-01T00:00:00Z" }));
    expect((await rampart(input, cacheHome, "osv", "import", "a.json")).stdout).toMatch(
      /^0 inserted, 1 updated, 0 skipped/,
    );
    writeFileSync(join(input, "a.json"), JSON.stringify({ ...record, modified: "2001-01-01T00:00:00Z" }));
    expect((await rampart(input, cacheHome, "osv", "import", "a.json")).stdout).toMatch(
      /^0 inserted, 0 updated, 1 skipped/,
    );
  });

  it("errors are one line and exit 2; an empty advisory folder makes the sca run partial", async () => {
    const cacheHome = tempDir();
    const project = tempDir();
    writeFileSync(join(project, "package-lock.json"), vulnerableLock);
    const missing = await rampart(project, cacheHome, "osv", "import", "nope.zip");
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe("rampart: no such file or folder: nope.zip\n");
    writeFileSync(join(project, "broken.json"), "{");
    const broken = await rampart(project, cacheHome, "osv", "import", "broken.json");
    expect(broken.code).toBe(2);
    expect(broken.stderr.trim().split("\n")).toHaveLength(1);

    mkdirSync(join(project, "empty"));
    const scan = await rampart(
      project,
      cacheHome,
      "scan",
      "package-lock.json",
      "--advisories",
      "empty",
      "--workers",
      "0",
    );
    expect(scan.code).toBe(0);
    expect(scan.stdout).not.toContain("CVE-2021-23337");
    expect(scan.stdout).toMatch(/Analyzer sca: partial/);
    expect(scan.stdout).toMatch(/no advisory data/);
  });
});
