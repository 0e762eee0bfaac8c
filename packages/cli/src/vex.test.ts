// `rampart scan --vex`: VEX documents suppress dependency findings, through the real launcher and
// the production registry, against the bundled demo advisories (an empty cache folder).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { type Run, runRampart } from "../test/run-rampart.ts";

const here = dirname(fileURLToPath(import.meta.url));
const vulnerableLock = readFileSync(
  join(
    here,
    "..",
    "..",
    "engine",
    "src",
    "analyzers",
    "sca",
    "fixtures",
    "vulnerable-dependency",
    "vulnerable",
    "package-lock.json",
  ),
);

let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "rampart-vex-"));
  dirs.push(dir);
  return dir;
}

function rampart(cwd: string, ...args: string[]): Promise<Run> {
  return runRampart(cwd, args, { XDG_CACHE_HOME: join(cwd, ".cache") });
}

const openVex = (status: string, timestamp: string, extra: object = {}) => ({
  "@context": "https://openvex.dev/ns/v0.2.0",
  "@id": `https://example.test/vex/${timestamp}`,
  author: "security@example.test",
  timestamp,
  version: 1,
  statements: [
    {
      vulnerability: { name: "CVE-2021-23337" },
      products: [{ "@id": "pkg:npm/lodash" }],
      status,
      ...extra,
    },
  ],
});

function project(files: Record<string, unknown>): string {
  const root = tempDir();
  writeFileSync(join(root, "package-lock.json"), vulnerableLock);
  for (const [name, json] of Object.entries(files)) writeFileSync(join(root, name), JSON.stringify(json));
  return root;
}

const scan = (root: string, ...args: string[]) =>
  rampart(root, "scan", "package-lock.json", "--workers", "0", "--fail-on", "high", ...args);

describe("rampart scan --vex", { timeout: 60_000 }, () => {
  it("suppresses what a not_affected statement covers, shows why, and leaves it out of the exit code", async () => {
    const root = project({
      "app.openvex.json": openVex("not_affected", "2024-05-01T00:00:00Z", {
        justification: "vulnerable_code_not_in_execute_path",
      }),
    });
    const without = await scan(root);
    expect(without.code).toBe(1);
    expect(without.stdout).toMatch(/lodash\s+4\.17\.20\s+CVE-2021-23337/);

    const run = await scan(root, "--vex", "app.openvex.json");
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).not.toMatch(/lodash\s+4\.17\.20\s+CVE-2021-23337/);
    expect(run.stdout).toMatch(/lodash\s+4\.17\.20\s+CVE-2020-28500/);
    expect(run.stdout).toContain("Suppressed by VEX: 1 finding");
    expect(run.stdout).toContain(
      "VEX not_affected (vulnerable_code_not_in_execute_path) by security@example.test (app.openvex.json)",
    );
    expect(run.stdout).toMatch(/, 1 suppressed\n/);

    const json = await scan(root, "--vex", "app.openvex.json", "--format", "json");
    const findings = JSON.parse(json.stdout).findings as {
      ruleId: string;
      properties?: { cveId?: string };
      suppression?: unknown;
    }[];
    expect(findings.find((f) => f.properties?.cveId === "CVE-2021-23337")?.suppression).toEqual({
      kind: "vex",
      reason: "VEX not_affected (vulnerable_code_not_in_execute_path) by security@example.test",
      source: "app.openvex.json",
    });
    expect(findings.find((f) => f.properties?.cveId === "CVE-2020-28500")?.suppression).toBeUndefined();
  });

  it("reads CycloneDX VEX too, and the newest statement across files decides", async () => {
    const root = project({
      "old.openvex.json": openVex("not_affected", "2024-05-01T00:00:00Z", {
        justification: "component_not_present",
      }),
      "new.openvex.json": openVex("affected", "2024-06-01T00:00:00Z", { action_statement: "Upgrade" }),
      "bom.cdx.json": {
        bomFormat: "CycloneDX",
        specVersion: "1.6",
        version: 1,
        components: [
          { type: "library", "bom-ref": "lodash", name: "lodash", purl: "pkg:npm/lodash@4.17.20" },
        ],
        vulnerabilities: [
          { id: "CVE-2020-28500", analysis: { state: "resolved" }, affects: [{ ref: "lodash" }] },
        ],
      },
    });
    const run = await scan(
      root,
      "--vex",
      "old.openvex.json",
      "--vex",
      "new.openvex.json",
      "--vex",
      "bom.cdx.json",
    );
    expect(run.code).toBe(1); // CVE-2021-23337 is affected after all
    expect(run.stdout).toMatch(/lodash\s+4\.17\.20\s+CVE-2021-23337/);
    expect(run.stdout).not.toMatch(/lodash\s+4\.17\.20\s+CVE-2020-28500/);
    expect(run.stdout).toMatch(/VEX fixed by .* \(bom\.cdx\.json\)/);
  });

  it("exits 2 with one line on stderr for a missing or invalid VEX file", async () => {
    const root = project({ "bad.json": { hello: "world" }, "empty.openvex.json": { statements: [] } });
    writeFileSync(join(root, "broken.json"), "{");
    for (const [file, message] of [
      ["missing.json", "rampart: --vex missing.json: no such file\n"],
      ["broken.json", /^rampart: --vex broken\.json: .*JSON.*\n$/],
      ["bad.json", /^rampart: --vex bad\.json: not a VEX document.*\n$/],
      ["empty.openvex.json", /^rampart: --vex empty\.openvex\.json: OpenVEX: .*\n$/],
    ] as const) {
      const run = await scan(root, "--vex", file);
      expect(run.code, file).toBe(2);
      if (typeof message === "string") expect(run.stderr).toBe(message);
      else expect(run.stderr).toMatch(message);
      expect(run.stdout).toBe("");
    }
  });
});
