// Integration tests: spawn the real `rampart` launcher on temporary folders. The analyzers are the
// engine's test-only example registry (RAMPART_REGISTRY), so these tests do not move when rules do.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { ScanReportSchema } from "@rampart/engine/output/json-schema";
import { afterEach, describe, expect, it } from "vitest";
import { type Run, runRampart } from "../test/run-rampart.ts";

const here = dirname(fileURLToPath(import.meta.url));
const registry = join(here, "..", "..", "engine", "test", "example-registry.ts");

function rampart(cwd: string, ...args: string[]): Promise<Run> {
  return runRampart(cwd, args, { RAMPART_REGISTRY: registry });
}

let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

function project(files: Record<string, string | Buffer> = {}): string {
  const root = mkdtempSync(join(tmpdir(), "rampart-cli-"));
  dirs.push(root);
  const all: Record<string, string | Buffer> = {
    "app.conf": "db.password = hunter2\nport = 8080\n",
    "ops/other.conf": "port = 9090\n",
    ...files,
  };
  for (const [path, contents] of Object.entries(all)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), contents);
  }
  return root;
}

describe("rampart scan", () => {
  it("prints a table and exits 0 without --fail-on; no progress line when stderr is not a terminal", async () => {
    const root = project();
    const run = await rampart(root, "scan", ".");
    expect(run).toMatchObject({ code: 0, stderr: "" });
    expect(run.stdout).toContain("app.conf\n  1:15  high      example/hardcoded-password");
    expect(run.stdout).toContain("ops/other.conf\n  1:1   low       example/duplicate-setting");
    expect(run.stdout).toContain("2 findings (1 high, 1 low)");
  }, 30_000);

  it("exits 1 when a finding reaches --fail-on, 0 when none does", async () => {
    const root = project();
    expect((await rampart(root, "scan", ".", "--fail-on", "high")).code).toBe(1);
    expect((await rampart(root, "scan", ".", "--fail-on", "critical")).code).toBe(0);
  }, 30_000);

  it("writes SARIF and JSON reports", async () => {
    const root = project();
    const sarif = await rampart(root, "scan", root, "--format", "sarif", "--output", "out.sarif");
    expect(sarif).toMatchObject({ code: 0, stdout: "" });
    const log = JSON.parse(readFileSync(join(root, "out.sarif"), "utf8"));
    expect(log.version).toBe("2.1.0");
    expect(log.runs[0].results).toHaveLength(2);
    const json = await rampart(root, "scan", ".", "--format=json");
    const report = ScanReportSchema.parse(JSON.parse(json.stdout));
    expect(report.findings.map((finding) => finding.ruleId)).toEqual([
      "example/hardcoded-password",
      "example/duplicate-setting",
    ]);
  }, 30_000);

  it("fails only on new findings with a baseline", async () => {
    const root = project();
    expect((await rampart(root, "scan", ".", "--write-baseline", "baseline.json")).code).toBe(0);
    expect((await rampart(root, "scan", ".", "--baseline", "baseline.json", "--fail-on", "low")).code).toBe(
      0,
    );
    writeFileSync(join(root, "new.conf"), "# unrelated lines moved the old findings\n\nsmtp_password = x\n");
    writeFileSync(join(root, "app.conf"), "\n\ndb.password = hunter2\nport = 8080\n");
    const run = await rampart(root, "scan", ".", "--baseline", "baseline.json", "--fail-on", "low");
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("1 new since the baseline");
  }, 30_000);

  it("honours .rampart.yaml and reports a bad one as one line, exit 2", async () => {
    const root = project({ ".rampart.yaml": "disable: [example/duplicate-setting]\nexclude: [ops/]\n" });
    const run = await rampart(root, "scan", ".", "--format", "json");
    expect(JSON.parse(run.stdout).findings.map((f: { ruleId: string }) => f.ruleId)).toEqual([
      "example/hardcoded-password",
    ]);
    writeFileSync(join(root, ".rampart.yaml"), "disabel: []\n");
    const bad = await rampart(root, "scan", ".");
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^rampart: .*\.rampart\.yaml: \(top level\): .*\n$/);
  }, 30_000);

  it("runs custom rules from --rules and .rampart/rules/, in SARIF and JSON like built-in rules", async () => {
    const rule = [
      "rules:",
      "  - id: instance-without-owner",
      "    resource: aws_instance",
      "    severity: high",
      "    message: $RESOURCE has no Owner tag",
      "    where: { missing: tags.Owner }",
      "",
    ].join("\n");
    const root = project({
      "team-rules/tags.yaml": rule,
      "infra/main.tf": 'resource "aws_instance" "web" {\n  ami = "ami-1"\n}\n',
      ".rampart.yaml": "severity: { custom/instance-without-owner: low }\n",
    });
    const sarif = await rampart(root, "scan", "infra", "--rules", "team-rules", "--format", "sarif");
    expect(sarif.stderr).toBe("");
    const run = JSON.parse(sarif.stdout).runs[0];
    const index = run.tool.driver.rules.findIndex(
      (item: { id: string }) => item.id === "custom/instance-without-owner",
    );
    expect(index).toBeGreaterThanOrEqual(0);
    expect(run.results).toContainEqual(
      expect.objectContaining({
        ruleId: "custom/instance-without-owner",
        ruleIndex: index,
        message: { text: "aws_instance.web has no Owner tag" },
      }),
    );
    mkdirSync(join(root, ".rampart", "rules"), { recursive: true });
    writeFileSync(join(root, ".rampart", "rules", "tags.yaml"), rule);
    const json = await rampart(root, "scan", ".", "--format", "json");
    const report = ScanReportSchema.parse(JSON.parse(json.stdout));
    expect(report.findings.find((f) => f.ruleId === "custom/instance-without-owner")?.severity).toBe("low");
    expect(report.rules.map((item) => item.id)).toContain("custom/instance-without-owner");
  }, 30_000);

  it("refuses invalid custom rules: exit 2, one line per problem with file and line", async () => {
    const root = project({
      ".rampart/rules/bad.yaml": [
        "rules:",
        "  - id: no-eval",
        "    languages: [python]",
        "    severity: high",
        "    message: eval",
        "    pattern: eval($X",
        "  - id: Bad",
        "    resource: aws_instance",
        "    severity: low",
        "    message: m",
        "    where: { missing: tags }",
        "",
      ].join("\n"),
    });
    const run = await rampart(root, "scan", ".");
    expect(run.code).toBe(2);
    expect(run.stderr.split("\n").filter(Boolean)).toEqual([
      "rampart: .rampart/rules/bad.yaml:6: rule no-eval: pattern is not valid python (line 1, column 1 of the pattern): `eval($X`",
      expect.stringMatching(/^rampart: \.rampart\/rules\/bad\.yaml:7: rule Bad: id: /),
    ]);
    expect((await rampart(root, "scan", ".", "--rules", "missing")).stderr).toBe(
      "rampart: --rules: no such folder: missing\n",
    );
  }, 30_000);

  it("refuses rule options for a rule it does not have, or a GitHub token on the command line", async () => {
    const root = project({ ".rampart.yaml": "options:\n  example/no-such-rule: { x: 1 }\n" });
    const bad = await rampart(root, "scan", ".");
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/\.rampart\.yaml: options\.example\/no-such-rule: no rule has this id\n$/);
    const token = await rampart(root, "scan", ".", "--github-token", "ghp_x");
    expect(token.code).toBe(2);
    expect(token.stderr).toContain("GITHUB_TOKEN only");
  }, 30_000);

  it("reports malformed, binary and oversized files as skipped and keeps going", async () => {
    const root = project({
      "broken.conf": "this is not = = a setting {{{\n",
      "junk.conf": Buffer.from([0xde, 0xad, 0x00, 0xbe, 0xef]),
      "huge.conf": Buffer.alloc(3 * 1024 * 1024, "a"),
    });
    const run = await rampart(root, "scan", ".", "--format", "json");
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout);
    expect(report.skipped).toEqual([
      { path: "huge.conf", reason: "larger than the 2.0 MB limit (3.0 MB)" },
      { path: "junk.conf", reason: "binary content (NUL byte)" },
    ]);
    expect(report.analyzers[0]).toMatchObject({ analyzer: "example", status: "partial" });
  }, 30_000);

  it("exits 2 on usage errors", async () => {
    const root = project();
    const missing = await rampart(root, "scan", "nope");
    expect(missing).toMatchObject({ code: 2, stderr: "rampart: no such file or folder: nope\n" });
    expect((await rampart(root, "frobnicate")).code).toBe(2);
    expect((await rampart(root, "scan", ".", "--fail-on", "severe")).stderr).toContain(
      "--fail-on must be one of",
    );
    expect(await rampart(root, "scan", ".", "--workers", "100000")).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/^rampart: --workers must be at most \d+ \(4 per core\); got 100000\n$/),
    });
  }, 30_000);
});

describe("rampart help and version", () => {
  it("prints the usage for help, and for --help after any command, instead of running it", async () => {
    const root = project();
    for (const args of [["help"], ["--help"], ["scan", "--help"], ["scan", ".", "-h"], ["sbom", "--help"]]) {
      const run = await rampart(root, ...args);
      expect(run, args.join(" ")).toMatchObject({ code: 0, stderr: "" });
      expect(run.stdout).toMatch(/^Usage: rampart <command>/);
      expect(run.stdout).toContain("sbom <path|image>");
    }
  }, 30_000);

  it("prints the version of the package", async () => {
    const { version } = JSON.parse(readFileSync(join(here, "..", "package.json"), "utf8"));
    for (const flag of ["version", "--version", "-V"])
      expect(await rampart(project(), flag)).toMatchObject({ code: 0, stdout: `rampart ${version}\n` });
  }, 30_000);
});

describe("rampart fix", () => {
  it("prints a unified diff with --dry-run and applies it without", async () => {
    const root = project();
    const dry = await rampart(root, "fix", ".", "--dry-run");
    expect(dry.code).toBe(0);
    expect(dry.stdout).toBe(
      [
        "--- a/app.conf",
        "+++ b/app.conf",
        "@@ -1,2 +1,2 @@",
        "-db.password = hunter2",
        "+db.password = $DB_PASSWORD",
        " port = 8080",
        "",
      ].join("\n"),
    );
    expect(readFileSync(join(root, "app.conf"), "utf8")).toContain("hunter2");
    const applied = await rampart(root, "fix", ".");
    expect(applied.stderr).toBe("rampart: fixed 1 finding in 1 file\n");
    expect(readFileSync(join(root, "app.conf"), "utf8")).toBe("db.password = $DB_PASSWORD\nport = 8080\n");
  }, 30_000);
});

describe("rampart rules and docs", () => {
  it("lists rules and generates docs that --check then accepts", async () => {
    const root = project();
    const rules = await rampart(root, "rules");
    expect(rules.stdout).toContain("example/hardcoded-password");
    expect(rules.stdout).toContain("rampart/suppression-without-reason");
    expect((await rampart(root, "docs", "docs/rules")).code).toBe(0);
    expect(existsSync(join(root, "docs/rules/README.md"))).toBe(true);
    const page = readFileSync(join(root, "docs/rules/example.md"), "utf8");
    expect(page).toContain('<a id="hardcoded-password"></a>');
    expect((await rampart(root, "docs", "docs/rules", "--check")).code).toBe(0);
    writeFileSync(join(root, "docs/rules/example.md"), "edited by hand\n");
    const stale = await rampart(root, "docs", "docs/rules", "--check");
    expect(stale.code).toBe(1);
    expect(stale.stderr).toContain("example.md");
  }, 30_000);

  it("keeps the rule counts of a README's marked section up to date", async () => {
    const root = project();
    const marked = [
      "# Project",
      "",
      "<!-- rule-counts: generated by `rampart docs --readme`; do not edit by hand -->",
      "stale text",
      "<!-- rule-counts: end -->",
      "",
      "Kept.",
      "",
    ].join("\n");
    writeFileSync(join(root, "README.md"), marked);
    const stale = await rampart(root, "docs", "docs/rules", "--readme", "README.md", "--check");
    expect(stale.code).toBe(1);
    expect(stale.stderr).toContain("README.md");
    expect((await rampart(root, "docs", "docs/rules", "--readme", "README.md")).code).toBe(0);
    const readme = readFileSync(join(root, "README.md"), "utf8");
    expect(readme).not.toContain("stale text");
    expect(readme).toMatch(/\[Example settings files\]\(docs\/rules\/example\.md\) \| 2 /);
    expect(readme.endsWith("<!-- rule-counts: end -->\n\nKept.\n")).toBe(true);
    expect((await rampart(root, "docs", "docs/rules", "--readme", "README.md", "--check")).code).toBe(0);

    writeFileSync(join(root, "README.md"), "# No markers\n");
    const unmarked = await rampart(root, "docs", "docs/rules", "--readme", "README.md");
    expect(unmarked.code).toBe(2);
    expect(unmarked.stderr).toContain("rule-counts");
    expect(readFileSync(join(root, "README.md"), "utf8")).toBe("# No markers\n");
  }, 60_000);
});
