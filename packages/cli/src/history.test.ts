// `rampart scan --history`: a token committed and then deleted is still leaked, and only a
// history scan finds it. Runs the real launcher with the built-in analyzers on a temporary repo.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ScanReportSchema } from "@rampart/engine/output/json-schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fakeGithubToken } from "../../engine/test/fake-token.ts";
import { type Run, runRampart } from "../test/run-rampart.ts";

function rampart(cwd: string, ...args: string[]): Promise<Run> {
  return runRampart(cwd, args);
}

const deleted = fakeGithubToken();
const kept = fakeGithubToken();
let repo: string;
let plain: string;
let firstCommit: string;

function git(...args: string[]): string {
  return execFileSync("git", ["-c", "user.name=Test", "-c", "user.email=test@example.com", ...args], {
    cwd: repo,
    encoding: "utf8",
  }).trim();
}

beforeAll(() => {
  repo = mkdtempSync(join(tmpdir(), "rampart-history-"));
  plain = mkdtempSync(join(tmpdir(), "rampart-nogit-"));
  git("init", "-q");
  writeFileSync(join(repo, "deploy.env"), `# deploy\nGITHUB_TOKEN=${deleted}\n`);
  writeFileSync(join(repo, "ci.env"), `TOKEN=${kept}\n`);
  writeFileSync(join(repo, "logo.bin"), Buffer.from([0, 1, 2, 3]));
  git("add", ".");
  git("commit", "-qm", "add deploy settings");
  firstCommit = git("rev-parse", "HEAD");
  unlinkSync(join(repo, "deploy.env"));
  git("commit", "-qam", "remove the token");
});
afterAll(() => {
  rmSync(repo, { recursive: true, force: true });
  rmSync(plain, { recursive: true, force: true });
});

describe("rampart scan --history", () => {
  it("finds a deleted token only with --history, masked, with the commit that added it", async () => {
    const without = ScanReportSchema.parse(
      JSON.parse((await rampart(repo, "scan", ".", "--format", "json")).stdout),
    );
    expect(without.findings.map((finding) => finding.location.path)).toEqual(["ci.env"]);
    expect(without.scan.history).toBeUndefined();

    const run = await rampart(repo, "scan", ".", "--history", "--format", "json");
    expect(run).toMatchObject({ code: 0, stderr: "" });
    expect(run.stdout).not.toContain(deleted.slice(4));
    expect(run.stdout).not.toContain(kept.slice(4));
    const report = ScanReportSchema.parse(JSON.parse(run.stdout));
    expect(report.scan.history).toMatchObject({ commits: 2, blobsScanned: 2 });
    // the kept token is reported once, from the working tree; the deleted one from history
    expect(report.findings.map((finding) => finding.location.path).sort()).toEqual(["ci.env", "deploy.env"]);
    const historic = report.findings.find((finding) => finding.location.path === "deploy.env")!;
    expect(historic).toMatchObject({
      ruleId: "secrets/github-personal-access-token",
      location: { line: 2, column: 14, snippet: "GITHUB_TOKEN=ghp_…" },
      properties: { commit: firstCommit, history: true, maskedSecret: "ghp_…(40 chars)" },
    });
    expect(historic.message).toContain(`(in history, commit ${firstCommit.slice(0, 7)})`);

    for (const format of ["table", "sarif"]) {
      const other = await rampart(repo, "scan", ".", "--history", "--format", format);
      expect(other.code).toBe(0);
      expect(other.stdout).toContain("deploy.env");
      expect(other.stdout).not.toContain(deleted.slice(4));
    }
  }, 120_000);

  it("exits 2 with one line on stderr outside a git repository", async () => {
    const run = await rampart(plain, "scan", ".", "--history");
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^rampart: --history: not a git repository: .+\n$/);
  }, 60_000);
});
