// The local fix remote with real git: a branch with one commit on the base, file modes kept,
// deletions, and refusals (existing branch, bad name, unknown commit).
import { execFileSync } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { git } from "../../test/git-repo.ts";
import {
  commitFixBranch,
  deleteFixBranch,
  type FixCommit,
  FixRemoteError,
  pushFixBranch,
} from "./fix-remote.ts";

let dir: string;
let source: string;
let remote: string;
let base: string;

const fix = (overrides: Partial<FixCommit> = {}): FixCommit => ({
  source: { protocol: "file", url: `file://${source}`, config: {} },
  baseCommit: base,
  branchName: "security/fix/example-1",
  message: "Fix it\n\nBecause.\n",
  changes: [{ path: "app.js", content: "safe();\n" }],
  author: { name: "Rampart", email: "fixes@rampart.invalid" },
  at: new Date("2026-01-02T03:04:05Z"),
  ...overrides,
});

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "rampart-fix-remote-"));
  source = path.join(dir, "source");
  remote = path.join(dir, "remote.git");
  execFileSync("mkdir", ["-p", source]);
  git(source, "init", "--quiet", "--initial-branch", "main");
  writeFileSync(path.join(source, "app.js"), "unsafe();\n");
  writeFileSync(path.join(source, "run.sh"), "echo old\n");
  chmodSync(path.join(source, "run.sh"), 0o755);
  writeFileSync(path.join(source, "obsolete.txt"), "bye\n");
  git(source, "add", "--all");
  git(source, "commit", "--quiet", "-m", "base");
  base = git(source, "rev-parse", "HEAD");
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("commitFixBranch", () => {
  it("creates the branch with one commit on the base, keeping modes and deleting files", async () => {
    const head = await commitFixBranch(
      remote,
      fix({
        changes: [
          { path: "app.js", content: "safe();\n" },
          { path: "run.sh", content: "echo new\n" },
          { path: "obsolete.txt", content: null },
          { path: "lib/new.js", content: "module.exports = 1;\n" },
        ],
      }),
    );
    expect(git(remote, "rev-parse", "security/fix/example-1")).toBe(head);
    expect(git(remote, "rev-parse", `${head}^`)).toBe(base);
    expect(git(remote, "show", `${head}:app.js`)).toBe("safe();");
    expect(git(remote, "ls-tree", head, "--", "run.sh")).toMatch(/^100755 /);
    expect(git(remote, "ls-tree", "--name-only", "-r", head).split("\n").sort()).toEqual([
      "app.js",
      "lib/new.js",
      "run.sh",
    ]);
    expect(git(remote, "log", "-1", "--format=%an|%ae|%aI|%s|%b", head)).toBe(
      "Rampart|fixes@rampart.invalid|2026-01-02T03:04:05+00:00|Fix it|Because.",
    );
    // The source repository is only read.
    expect(git(source, "branch", "--list")).toBe("* main");
    expect(git(source, "status", "--porcelain")).toBe("");
  });

  it("refuses to move a branch that exists, and creates it again once deleted", async () => {
    await expect(commitFixBranch(remote, fix())).rejects.toBeInstanceOf(FixRemoteError);
    await deleteFixBranch(remote, "security/fix/example-1");
    const head = await commitFixBranch(remote, fix());
    expect(git(remote, "show", `${head}:run.sh`)).toBe("echo old");
  });

  it("refuses a bad branch name, an unknown commit and an empty change", async () => {
    await expect(commitFixBranch(remote, fix({ branchName: "security/fix/a..b" }))).rejects.toThrow(
      /not a valid branch name/,
    );
    await expect(
      commitFixBranch(remote, fix({ branchName: "security/fix/x-2", baseCommit: "1".repeat(40) })),
    ).rejects.toBeInstanceOf(FixRemoteError);
    await expect(
      commitFixBranch(remote, fix({ branchName: "security/fix/x-3", changes: [] })),
    ).rejects.toThrow(/at least one changed file/);
  });
});

describe("pushFixBranch", () => {
  it("pushes a new branch, replaces it under a lease, refuses when it moved, and deletes it", async () => {
    const host = path.join(dir, "host.git");
    execFileSync("git", ["clone", "--quiet", "--bare", source, host]);
    const to = { source: { protocol: "file" as const, url: `file://${host}`, config: {} } };
    const branchName = "security/fix/pushed-1";
    const first = await commitFixBranch(remote, fix({ branchName }));
    await pushFixBranch(remote, to, { branchName, commit: first, expected: null });
    expect(git(host, "rev-parse", `refs/heads/${branchName}`)).toBe(first);
    const second = await commitFixBranch(
      remote,
      fix({ branchName, replace: true, changes: [{ path: "app.js", content: "safer();\n" }] }),
    );
    // Not as a new branch: it exists now.
    await expect(pushFixBranch(remote, to, { branchName, commit: second, expected: null })).rejects.toThrow(
      /has changed since Rampart pushed it/,
    );
    await pushFixBranch(remote, to, { branchName, commit: second, expected: first });
    expect(git(host, "rev-parse", `refs/heads/${branchName}`)).toBe(second);
    expect(git(host, "rev-parse", `${second}^`)).toBe(base);

    // Someone else's commit on the branch is not overwritten.
    const third = await commitFixBranch(
      remote,
      fix({ branchName, replace: true, changes: [{ path: "app.js", content: "safest();\n" }] }),
    );
    await expect(
      pushFixBranch(remote, to, { branchName, commit: third, expected: first }),
    ).rejects.toBeInstanceOf(FixRemoteError);
    expect(git(host, "rev-parse", `refs/heads/${branchName}`)).toBe(second);

    await pushFixBranch(remote, to, { branchName, commit: null, expected: undefined });
    expect(git(host, "branch", "--list", branchName)).toBe("");
  });
});
