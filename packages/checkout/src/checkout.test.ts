import { execFileSync } from "node:child_process";
import { lookup as dnsLookup } from "node:dns/promises";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  checkout,
  createNetworkPolicy,
  isGitUrl,
  type Lookup,
  localRepositoryName,
  repositoryNameOf,
} from "./index.ts";
import { bareRepository, type GitServer, startGitDaemon, startHttpGitServer } from "./testing/git-servers.ts";

const gitIn = (cwd: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.email=t@example.test", "-c", "user.name=T", ...args], { cwd })
    .toString()
    .trim();

let repo: string;
let firstSha: string;
let secondSha: string;
const localPolicy = () => createNetworkPolicy({ localRoots: [path.dirname(repo)] });

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
    const result = await checkout(
      { kind: "git", url: `file://${repo}` },
      { ref: firstSha, policy: localPolicy() },
    );
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

  it("reports errors as values, in words of its own", async () => {
    const missing = await checkout({ kind: "local", path: "/nonexistent/rampart" });
    expect(missing).toEqual({
      ok: false,
      reason: "not_found",
      error:
        "The repository could not be fetched: not found (check the URL, and the branch or commit): no such directory on this server",
    });
    expect((await checkout({ kind: "local", path: "relative/dir" })).ok).toBe(false);
    const badRef = await checkout(
      { kind: "git", url: `file://${repo}` },
      { ref: "no-such-branch", policy: localPolicy() },
    );
    expect(badRef).toMatchObject({ ok: false, reason: "not_found" });
    // A ref is never read as an option of git fetch.
    const optionRef = await checkout(
      { kind: "git", url: `file://${repo}` },
      { ref: "--upload-pack=touch /tmp/rampart-pwned", policy: localPolicy() },
    );
    expect(optionRef).toMatchObject({ ok: false, reason: "not_found" });
    // file:// outside the local roots is refused at fetch time too.
    const outside = await checkout({ kind: "git", url: `file://${repo}` }, { policy: createNetworkPolicy() });
    expect(outside).toMatchObject({ ok: false, reason: "refused_by_policy" });
  });
});

describe("fetching over the network", () => {
  let served: { root: string; sha: string };
  let http: GitServer;
  let daemon: GitServer;
  // A name the system resolver does not know: git can only reach it at the address we checked.
  const lookup: Lookup = async (host) => {
    if (host === "repo.example.test") return ["127.0.0.1"];
    if (host === "rebind.example.test") return ["127.0.0.1"];
    return (await dnsLookup(host, { all: true })).map((answer) => answer.address);
  };
  const open = (allowInternal: string[] = ["127.0.0.1"]) =>
    createNetworkPolicy({ lookup, allowInternal, protocols: ["https", "ssh", "http", "git"] });

  beforeAll(async () => {
    served = bareRepository("acme", { "main.tf": 'resource "a" "b" {}\n', "b.txt": "b\n", "c.txt": "c\n" });
    http = await startHttpGitServer(served.root);
    daemon = await startGitDaemon(served.root);
  });
  afterAll(async () => {
    await http.close();
    await daemon.close();
    rmSync(served.root, { recursive: true, force: true });
  });

  it("refuses the local servers unless the install allows them, before connecting", async () => {
    const before = http.hits() + daemon.hits();
    for (const url of [
      `http://127.0.0.1:${http.port}/acme.git`,
      `http://repo.example.test:${http.port}/acme.git`,
      `http://localhost:${http.port}/acme.git`,
      `git://127.1:${daemon.port}/acme.git`,
      `git://[::ffff:127.0.0.1]:${daemon.port}/acme.git`,
    ]) {
      const result = await checkout({ kind: "git", url }, { policy: open([]) });
      expect(result, url).toMatchObject({ ok: false, reason: "refused_by_policy" });
      if (!result.ok)
        expect(result.error).toMatch(/^The repository could not be fetched: refused by policy: the host/);
    }
    expect(http.hits() + daemon.hits()).toBe(before);
  });

  it("fetches over smart HTTP from the address it checked (curl's resolve list, not DNS)", async () => {
    const result = await checkout(
      { kind: "git", url: `http://repo.example.test:${http.port}/acme.git` },
      { policy: open() },
    );
    if (!result.ok) throw new Error(result.error);
    expect(result.workspace.commitSha).toBe(served.sha);
    result.workspace.dispose();
  });

  it("fetches over git:// from the address it checked", async () => {
    const result = await checkout(
      { kind: "git", url: `git://repo.example.test:${daemon.port}/acme.git` },
      { policy: open() },
    );
    if (!result.ok) throw new Error(result.error);
    expect(result.workspace.commitSha).toBe(served.sha);
    result.workspace.dispose();
  });

  it("classifies failures without git's text", async () => {
    const notFound = await checkout(
      { kind: "git", url: `http://127.0.0.1:${http.port}/nothing.git` },
      { policy: open() },
    );
    expect(notFound).toEqual({
      ok: false,
      reason: "not_found",
      error: "The repository could not be fetched: not found (check the URL, and the branch or commit)",
    });
    const daemonMissing = await checkout(
      { kind: "git", url: `git://127.0.0.1:${daemon.port}/nothing.git` },
      { policy: open() },
    );
    expect(daemonMissing).toMatchObject({ ok: false, reason: "not_found" });
  });

  it("sends a token as a header, and says when one is needed", async () => {
    const guarded = await startHttpGitServer(served.root, { token: "s3cret-token" });
    try {
      const url = `http://127.0.0.1:${guarded.port}/acme.git`;
      const without = await checkout({ kind: "git", url }, { policy: open() });
      expect(without).toMatchObject({ ok: false, reason: "auth_required" });
      if (!without.ok) expect(without.error).toContain("authentication required");
      const wrong = await checkout({ kind: "git", url }, { policy: open(), credential: { token: "nope" } });
      expect(wrong).toMatchObject({ ok: false, reason: "auth_required" });
      const right = await checkout(
        { kind: "git", url },
        { policy: open(), credential: { token: "s3cret-token" } },
      );
      if (!right.ok) throw new Error(right.error);
      right.workspace.dispose();
    } finally {
      await guarded.close();
    }
  });

  it("follows no redirect", async () => {
    const redirecting = await startHttpGitServer(served.root, {
      redirectTo: `http://127.0.0.1:${http.port}`,
    });
    try {
      const before = http.hits();
      const result = await checkout(
        { kind: "git", url: `http://repo.example.test:${redirecting.port}/acme.git` },
        { policy: open() },
      );
      expect(result).toMatchObject({ ok: false, reason: "refused_by_policy" });
      expect(redirecting.hits()).toBeGreaterThan(0);
      expect(http.hits()).toBe(before);
    } finally {
      await redirecting.close();
    }
  });

  it("refuses a repository over the file or size limits before writing its files", async () => {
    const url = `git://127.0.0.1:${daemon.port}/acme.git`;
    const files = await checkout({ kind: "git", url }, { policy: open(), limits: { maxFiles: 2 } });
    expect(files).toEqual({
      ok: false,
      reason: "too_large",
      error: "The repository could not be fetched: too large: more than 2 files",
    });
    const bytes = await checkout({ kind: "git", url }, { policy: open(), limits: { maxBytes: 100 } });
    expect(bytes).toMatchObject({ ok: false, reason: "too_large" });
  });

  it("gives up on a server that never answers", async () => {
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const port = (silent.address() as { port: number }).port;
    try {
      const started = Date.now();
      const result = await checkout(
        { kind: "git", url: `git://127.0.0.1:${port}/acme.git` },
        { policy: open(), limits: { timeoutMs: 1500 } },
      );
      expect(result).toEqual({
        ok: false,
        reason: "timed_out",
        error: "The repository could not be fetched: timed out",
      });
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      silent.close();
    }
  });
});

describe("names", () => {
  it.each([
    ["https://github.com/acme/payments-api.git", true, "acme/payments-api"],
    ["git@github.com:acme/infra.git", true, "acme/infra"],
  ])("%s", (location, isUrl, name) => {
    expect(isGitUrl(location)).toBe(isUrl);
    expect(repositoryNameOf(location)).toBe(name);
  });

  it("names a local repository after its folder, not its parent folder", async () => {
    const parent = mkdtempSync(path.join(tmpdir(), "rampart-repos-"));
    const plain = path.join(parent, "payments-api");
    mkdirSync(plain);
    expect(isGitUrl(plain)).toBe(false);
    expect(await localRepositoryName(plain)).toBe("payments-api");
    expect(await localRepositoryName(`${plain}/`)).toBe("payments-api");
    gitIn(plain, "init", "--quiet");
    expect(await localRepositoryName(plain)).toBe("payments-api");
  });

  it.each([
    ["git@github.com:acme/payments.git", "acme/payments"],
    ["https://gitlab.example.com/group/sub/api.git", "sub/api"],
    // No name from a remote that carries a password, or that is itself on this disk.
    ["https://user:secret@github.com/acme/leaky.git", "checkout"],
    ["/srv/mirrors/acme/api.git", "checkout"],
  ])("names a local repository with the origin %s as %s", async (remote, name) => {
    const folder = path.join(mkdtempSync(path.join(tmpdir(), "rampart-named-")), "checkout");
    mkdirSync(folder);
    gitIn(folder, "init", "--quiet");
    gitIn(folder, "remote", "add", "origin", remote);
    expect(await localRepositoryName(folder)).toBe(name);
  });
});
