import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { checkout, isGitUrl, repositoryNameOf } from "./index.ts";

const gitIn = (cwd: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.email=t@example.test", "-c", "user.name=T", ...args], { cwd })
    .toString()
    .trim();

let repo: string;
let firstSha: string;
let secondSha: string;

beforeAll(() => {
  repo = mkdtempSync(path.join(tmpdir(), "rampart-repo-"));
  gitIn(repo, "init", "--quiet", "--initial-branch", "main");
  writeFileSync(path.join(repo, "main.tf"), 'resource "a" "b" {}\n');
  gitIn(repo, "add", ".");
  gitIn(repo, "commit", "--quiet", "-m", "one");
  firstSha = gitIn(repo, "rev-parse", "HEAD");
  writeFileSync(path.join(repo, "main.tf"), 'resource "a" "c" {}\n');
  gitIn(repo, "commit", "--quiet", "-am", "two");
  secondSha = gitIn(repo, "rev-parse", "HEAD");
});

describe("checkout", () => {
  it("clones the head of a local git repository and removes it on dispose", async () => {
    const result = await checkout({ kind: "local", path: repo });
    if (!result.ok) throw new Error(result.error);
    expect(result.workspace.commitSha).toBe(secondSha);
    expect(readFileSync(path.join(result.workspace.root, "main.tf"), "utf8")).toContain('"c"');
    expect(existsSync(path.join(result.workspace.root, ".git"))).toBe(false);
    result.workspace.dispose();
    expect(existsSync(result.workspace.root)).toBe(false);
  });

  it("checks out a given commit", async () => {
    const result = await checkout({ kind: "git", url: `file://${repo}` }, { ref: firstSha });
    if (!result.ok) throw new Error(result.error);
    expect(result.workspace.commitSha).toBe(firstSha);
    expect(readFileSync(path.join(result.workspace.root, "main.tf"), "utf8")).toContain('"b"');
    result.workspace.dispose();
  });

  it("reads a plain directory in place", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "rampart-plain-"));
    const result = await checkout({ kind: "local", path: dir });
    if (!result.ok) throw new Error(result.error);
    expect(result.workspace.root).toBe(dir);
    expect(result.workspace.commitSha).toMatch(/^[0-9a-f]{40}$/);
    result.workspace.dispose();
    expect(existsSync(dir)).toBe(true); // never deletes the user's directory
  });

  it("reports errors as values", async () => {
    const missing = await checkout({ kind: "local", path: "/nonexistent/rampart" });
    expect(missing).toEqual({ ok: false, error: "no such directory: /nonexistent/rampart" });
    const relative = await checkout({ kind: "local", path: "relative/dir" });
    expect(relative.ok).toBe(false);
    const badRef = await checkout({ kind: "git", url: `file://${repo}` }, { ref: "no-such-branch" });
    expect(badRef.ok).toBe(false);
    if (!badRef.ok) expect(badRef.error).toMatch(/^git fetch: /);
  });
});

describe("names", () => {
  it.each([
    ["https://github.com/acme/payments-api.git", true, "acme/payments-api"],
    ["git@github.com:acme/infra.git", true, "acme/infra"],
    ["/srv/repos/team/app", false, "team/app"],
  ])("%s", (location, isUrl, name) => {
    expect(isGitUrl(location)).toBe(isUrl);
    expect(repositoryNameOf(location)).toBe(name);
  });
});
