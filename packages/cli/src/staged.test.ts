// `rampart scan --staged` and `--analyzers`, through the real launcher on temporary git
// repositories; the analyzers are the engine's counting test registry (example and marker).
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { ScanReportSchema } from "@rampart/engine/output/json-schema";
import { afterEach, describe, expect, it } from "vitest";
import { type Run, runRampart } from "../test/run-rampart.ts";
import { parseStagedRaw } from "./staged.ts";

const here = dirname(fileURLToPath(import.meta.url));
const registry = join(here, "..", "..", "engine", "test", "counting-registry.ts");

function rampart(cwd: string, ...args: string[]): Promise<Run> {
  return runRampart(cwd, args, { RAMPART_REGISTRY: registry });
}

let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

function folder(): string {
  const root = mkdtempSync(join(tmpdir(), "rampart-staged-test-"));
  dirs.push(root);
  return root;
}

function write(root: string, files: Record<string, string>): void {
  for (const [path, contents] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), contents);
  }
}

function git(root: string, ...args: string[]): void {
  execFileSync("git", ["-c", "user.name=Test", "-c", "user.email=test@example.com", ...args], {
    cwd: root,
    stdio: "ignore",
  });
}

/** A repository with one commit of a clean settings file. */
function repository(): string {
  const root = folder();
  git(root, "init", "-q");
  write(root, { "app.conf": "port = 8080\n", "docs/readme.txt": "hello\n" });
  git(root, "add", ".");
  git(root, "commit", "-q", "-m", "initial");
  return root;
}

function rulesFound(run: Run): string[] {
  return ScanReportSchema.parse(JSON.parse(run.stdout))
    .findings.map((finding) => `${finding.ruleId} ${finding.location.path}`)
    .sort();
}

const PASSWORD = "db.password = hunter2\n";
const REFERENCE = "db.password = $DB_PASSWORD\n";

describe("rampart scan --staged", () => {
  it("scans the staged contents, not the working tree", async () => {
    const root = repository();
    write(root, { "app.conf": PASSWORD, "new/added.conf": "# FIXME-SECURITY\n" });
    git(root, "add", ".");
    write(root, { "app.conf": REFERENCE, "new/added.conf": "clean = yes\n" });

    const staged = await rampart(root, "scan", "--staged", "--format", "json");
    expect(staged.code).toBe(0);
    expect(rulesFound(staged)).toEqual([
      "example/hardcoded-password app.conf",
      "marker/security-fixme new/added.conf",
    ]);
    // unchanged files are not part of a pre-commit scan
    const report = ScanReportSchema.parse(JSON.parse(staged.stdout));
    expect(report.scan.filesScanned).toBe(2);
    expect(report.scan.root).toBe(root.replace(/\/+$/, ""));

    const tree = await rampart(root, "scan", "--format", "json");
    expect(rulesFound(tree)).toEqual([]);
  });

  it("finds nothing when only the working tree holds the finding, and gates on the staged one", async () => {
    const root = repository();
    write(root, { "app.conf": REFERENCE });
    git(root, "add", "app.conf");
    git(root, "mv", "docs/readme.txt", "docs/moved.txt");
    write(root, { "app.conf": PASSWORD });

    const staged = await rampart(root, "scan", "--staged", "--format", "json", "--fail-on", "low");
    expect(staged.code).toBe(0);
    expect(rulesFound(staged)).toEqual([]);
    expect(ScanReportSchema.parse(JSON.parse(staged.stdout)).scan.filesScanned).toBe(2);

    const tree = await rampart(root, "scan", "--format", "json", "--fail-on", "high");
    expect(tree.code).toBe(1);
  });

  it("outside a git repository: exit 2 and one line", async () => {
    const root = folder();
    write(root, { "app.conf": PASSWORD });
    const run = await rampart(root, "scan", "--staged");
    expect(run.code).toBe(2);
    expect(run.stderr).toBe("rampart: --staged: not inside a git repository\n");
  });

  it("refuses --history with --staged", async () => {
    const run = await rampart(repository(), "scan", "--staged", "--history");
    expect(run.code).toBe(2);
    expect(run.stderr).toBe("rampart: --staged cannot be combined with --history\n");
  });
});

describe("rampart scan --analyzers", () => {
  it("runs only the analyzers named and lists the others as not run", async () => {
    const root = folder();
    write(root, { "app.conf": `${PASSWORD}# FIXME-SECURITY\n` });
    const json = await rampart(root, "scan", "--analyzers", "example", "--format", "json");
    expect(json.code).toBe(0);
    expect(rulesFound(json)).toEqual(["example/hardcoded-password app.conf"]);
    const report = ScanReportSchema.parse(JSON.parse(json.stdout));
    expect(report.analyzers.find((run) => run.analyzer === "marker")).toMatchObject({
      status: "not-run",
      reason: "not among the analyzers asked for",
    });

    const table = await rampart(root, "scan", "--analyzers", "example");
    expect(table.stdout).toContain("Analyzer marker: not run (not among the analyzers asked for)");

    const sarif = JSON.parse(
      (await rampart(root, "scan", "--analyzers", "example", "--format", "sarif")).stdout,
    );
    expect(sarif.runs[0].invocations[0].properties.analyzers).toContainEqual({
      analyzer: "marker",
      status: "not-run",
      filesGiven: 0,
      filesAnalyzed: 0,
      reason: "not among the analyzers asked for",
    });
  });

  it("an unknown name: exit 2 and one line naming the known analyzers", async () => {
    const root = folder();
    write(root, { "app.conf": PASSWORD });
    const run = await rampart(root, "scan", "--analyzers", "example,secretz");
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('rampart: --analyzers: unknown analyzer "secretz"; known: example, marker\n');
  });

  it("--min-severity leaves out an analyzer with no rule at that level", async () => {
    const root = folder();
    write(root, { "app.conf": `${PASSWORD}# FIXME-SECURITY\n` });
    const run = await rampart(root, "scan", "--min-severity", "high", "--format", "json");
    const report = ScanReportSchema.parse(JSON.parse(run.stdout));
    expect(rulesFound(run)).toEqual(["example/hardcoded-password app.conf"]);
    expect(report.analyzers.find((item) => item.analyzer === "marker")?.status).toBe("not-run");
  });
});

describe("parseStagedRaw", () => {
  it("takes the new path of renames and copies, and sets apart what is not a regular file", () => {
    const zero = "0".repeat(40);
    const a = "a".repeat(40);
    const b = "b".repeat(40);
    const raw = [
      `:000000 100644 ${zero} ${a} A`,
      "added.txt",
      `:100644 100644 ${a} ${b} R087`,
      "old name.txt",
      "new name.txt",
      `:000000 120000 ${zero} ${b} A`,
      "link",
      "",
    ].join("\0");
    expect(parseStagedRaw(raw)).toEqual({
      entries: [
        { path: "added.txt", blob: a },
        { path: "new name.txt", blob: b },
      ],
      other: ["link"],
    });
  });
});
