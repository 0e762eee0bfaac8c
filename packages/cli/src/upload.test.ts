import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { Io } from "./io.ts";
import { CI_VARIABLES, refuseTokenArgument, resolveUploadTarget, uploadEndpoint } from "./upload.ts";

let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

function checkout(remote?: string): { root: string; head: string } {
  const root = mkdtempSync(join(tmpdir(), "rampart-upload-"));
  dirs.push(root);
  const git = (...args: string[]) =>
    execFileSync("git", ["-c", "user.name=T", "-c", "user.email=t@example.test", ...args], { cwd: root })
      .toString()
      .trim();
  git("init", "--quiet", "--initial-branch", "trunk");
  git("commit", "--quiet", "--allow-empty", "-m", "first");
  if (remote) git("remote", "add", "origin", remote);
  return { root, head: git("rev-parse", "HEAD") };
}

const io = (env: Record<string, string>): Io => ({
  stdout: { write: () => true },
  stderr: { write: () => true },
  cwd: "/",
  env: { ...Object.fromEntries(CI_VARIABLES.map((name) => [name, undefined])), ...env },
});

describe("uploadEndpoint", () => {
  it("posts to the server's upload route, under any path prefix", () => {
    expect(uploadEndpoint("https://rampart.example.com")).toBe("https://rampart.example.com/api/runs/upload");
    expect(uploadEndpoint("https://example.com/rampart/")).toBe(
      "https://example.com/rampart/api/runs/upload",
    );
    expect(uploadEndpoint("https://example.com/api/runs/upload")).toBe("https://example.com/api/runs/upload");
    expect(uploadEndpoint("http://127.0.0.1:3000")).toBe("http://127.0.0.1:3000/api/runs/upload");
  });

  it("refuses clear text off this machine, credentials in the URL, and what is no URL", () => {
    expect(() => uploadEndpoint("http://rampart.internal")).toThrow(/https:\/\/ URL/);
    expect(() => uploadEndpoint("https://user:rmp_x@rampart.example.com")).toThrow(/credentials/);
    expect(() => uploadEndpoint("rampart.example.com")).toThrow(/server's URL/);
    expect(() => uploadEndpoint("ftp://rampart.example.com")).toThrow(/https:\/\/ URL/);
  });
});

describe("resolveUploadTarget", () => {
  it("reads the commit, branch and repository from git when nothing else says", () => {
    const { root, head } = checkout("git@gitlab.example.test:group/sub/api.git");
    expect(resolveUploadTarget(io({ RAMPART_TOKEN: "rmp_t" }), root, { upload: "https://r.test" })).toEqual({
      endpoint: "https://r.test/api/runs/upload",
      token: "rmp_t",
      repository: "sub/api",
      commit: head,
      branch: "trunk",
    });
  });

  it("prefers the CI's variables to git, and flags to both", () => {
    const { root } = checkout();
    const jenkins = io({
      RAMPART_TOKEN: "rmp_t",
      GIT_COMMIT: "A".repeat(40),
      GIT_BRANCH: "origin/release",
      GITHUB_REPOSITORY: "acme/api",
    });
    expect(resolveUploadTarget(jenkins, root, { upload: "https://r.test" })).toMatchObject({
      commit: "a".repeat(40),
      branch: "release",
      repository: "acme/api",
    });
    const flagged = { upload: "https://r.test", commit: "c".repeat(40), branch: "x", repository: "one/two" };
    expect(resolveUploadTarget(jenkins, root, flagged)).toMatchObject({
      commit: "c".repeat(40),
      branch: "x",
      repository: "one/two",
    });
  });

  it("needs a token, a commit and a full SHA", () => {
    const plain = mkdtempSync(join(tmpdir(), "rampart-upload-plain-"));
    dirs.push(plain);
    expect(() => resolveUploadTarget(io({}), plain, { upload: "https://r.test" })).toThrow(/RAMPART_TOKEN/);
    expect(() =>
      resolveUploadTarget(io({ RAMPART_TOKEN: "t" }), plain, { upload: "https://r.test" }),
    ).toThrow(/could not tell the commit/);
    expect(() =>
      resolveUploadTarget(io({ RAMPART_TOKEN: "t" }), plain, { upload: "https://r.test", commit: "HEAD" }),
    ).toThrow(/full commit SHA/);
  });

  it("never takes a token from the command line", () => {
    expect(() => refuseTokenArgument(["scan", "--token", "rmp_x"])).toThrow(/RAMPART_TOKEN only/);
    expect(() => refuseTokenArgument(["scan", "--token=rmp_x"])).toThrow(/RAMPART_TOKEN only/);
    expect(() => refuseTokenArgument(["scan", "."])).not.toThrow();
  });
});
