import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeTree, type TempTree } from "../test/temp-tree.ts";
import type { AnalyzerRun } from "./analyzer.ts";
import { scan } from "./scan.ts";

/** An analyzer run without its timing, which differs between any two scans. */
function withoutTime({ busyMs: _busyMs, ...run }: AnalyzerRun): Omit<AnalyzerRun, "busyMs"> {
  return run;
}

const exampleRegistry = new URL("../test/example-registry.ts", import.meta.url).href;
const hostileRegistry = new URL("../test/hostile-registry.ts", import.meta.url).href;

let tree: TempTree | undefined;
afterEach(() => tree?.remove());

function project() {
  return makeTree({
    "a.conf": "db.password = hunter2\ntls = on\n",
    "b/b.conf":
      "# rampart:ignore example/hardcoded-password test fixture, not a real secret\nadmin_password = x\ntls = off\n",
    "c.conf": "this line is not a setting\n",
    "d.conf": "api_password = y # rampart:ignore example/hardcoded-password\n",
    "blob.conf": Buffer.from([1, 2, 0, 3]),
  });
}

function summary(result: Awaited<ReturnType<typeof scan>>) {
  return result.findings.map((f) => [
    f.ruleId,
    f.location.path,
    f.location.line,
    f.suppression?.kind ?? null,
  ]);
}

describe("scan", () => {
  it("names the way out for Bun's binary lockfile instead of calling it binary content", async () => {
    const lockb = Buffer.from([0x23, 0x21, 0x2f, 0x75, 0x73, 0x72, 0, 1, 2]);
    tree = makeTree({ "web/bun.lockb": lockb, "api/bun.lockb": lockb, "api/bun.lock": "{}\n" });
    const result = await scan(tree.root, { workers: 0 });
    const reasons = Object.fromEntries(result.skipped.map((item) => [item.path, item.reason]));
    expect(reasons["web/bun.lockb"]).toMatch(
      /^bun\.lockb is Bun's binary lockfile.*bun install --save-text-lockfile/,
    );
    expect(reasons["api/bun.lockb"]).toBe("binary lockfile not read: the bun.lock beside it is");
  }, 30_000);

  it("reports every cross-file finding of a large repository (more than spreading an array allows)", async () => {
    // 150,000 keys set in two files: one cross-file finding each. `push(...findings)` of that many
    // overflows the stack, which once turned a 25,000-file Terraform project's phase "partial".
    const keys = Array.from({ length: 150_000 }, (_, index) => `k${index} = v\n`).join("");
    tree = makeTree({ "a.conf": keys, "b.conf": keys });
    const result = await scan(tree.root, { registryUrl: exampleRegistry, workers: 0 });
    expect(result.analyzers.map((run) => [run.analyzer, run.status, run.skipped])).toEqual([
      ["example", "succeeded", []],
    ]);
    expect(result.findings.filter((f) => f.ruleId === "example/duplicate-setting")).toHaveLength(150_000);
  }, 60_000);

  it("runs per-file and cross-file rules, applies suppressions and reports skips and statuses", async () => {
    tree = project();
    const result = await scan(tree.root, { registryUrl: exampleRegistry, workers: 0 });
    expect(summary(result)).toEqual([
      ["example/hardcoded-password", "a.conf", 1, null],
      ["example/hardcoded-password", "b/b.conf", 2, "inline"],
      ["example/duplicate-setting", "b/b.conf", 3, null],
      ["rampart/suppression-without-reason", "d.conf", 1, null],
      ["example/hardcoded-password", "d.conf", 1, null],
    ]);
    expect(result.findings[2]!.related[0]!.location).toMatchObject({
      path: "a.conf",
      line: 2,
      snippet: "tls = on",
    });
    expect(result.skipped).toEqual([{ path: "blob.conf", reason: "binary content (NUL byte)" }]);
    expect(result.analyzers).toEqual([
      {
        analyzer: "example",
        status: "partial",
        filesGiven: 4,
        filesAnalyzed: 3,
        busyMs: expect.any(Number),
        skipped: [{ path: "c.conf", reason: 'line 1: expected "key = value"' }],
      },
    ]);
    expect(result.filesScanned).toBe(4);
  });

  it("gives the same findings with worker threads as in-process", async () => {
    tree = project();
    const inProcess = await scan(tree.root, { registryUrl: exampleRegistry, workers: 0 });
    const threaded = await scan(tree.root, { registryUrl: exampleRegistry, workers: 2 });
    expect(threaded.findings).toEqual(inProcess.findings);
    expect(threaded.analyzers.map(withoutTime)).toEqual(inProcess.analyzers.map(withoutTime));
  });

  it("disables rules and overrides severities", async () => {
    tree = project();
    const result = await scan(tree.root, {
      registryUrl: exampleRegistry,
      workers: 0,
      disabledRules: ["example/duplicate-setting"],
      severityOverrides: { "example/hardcoded-password": "critical" },
    });
    expect(result.findings.filter((f) => f.ruleId.startsWith("example/")).map((f) => f.severity)).toEqual([
      "critical",
      "critical",
      "critical",
    ]);
  });

  it("marks findings new or unchanged against a baseline, stable when unrelated lines are added", async () => {
    tree = project();
    const first = await scan(tree.root, { registryUrl: exampleRegistry, workers: 0 });
    const baseline = new Set(first.findings.map((f) => f.fingerprint));
    writeFileSync(
      join(tree.root, "a.conf"),
      "# a new comment\nlog = debug\n\ndb.password = hunter2\ntls = on\nsmtp_password = z\n",
    );
    const second = await scan(tree.root, { registryUrl: exampleRegistry, workers: 0, baseline });
    expect(
      second.findings.filter((f) => f.location.path === "a.conf").map((f) => [f.location.line, f.baseline]),
    ).toEqual([
      [4, "unchanged"],
      [6, "new"],
    ]);
  });

  it("survives analyzers that hang, overflow the stack or cannot prepare", async () => {
    tree = makeTree({
      "hang.conf": "a = 1\n",
      "deep.conf": "b = 2\n",
      "fine.conf": "password = x\n",
      "more.conf": "c = 3\n",
    });
    const result = await scan(tree.root, { registryUrl: hostileRegistry, workers: 2, batchTimeoutMs: 1500 });
    expect(result.findings.map((f) => [f.ruleId, f.location.path])).toEqual([
      ["example/hardcoded-password", "fine.conf"],
    ]);
    expect(result.skipped).toEqual([
      { path: "hang.conf", reason: "analysis aborted: timed out after 1.5 s" },
    ]);
    const byId = Object.fromEntries(result.analyzers.map((run) => [run.analyzer, run]));
    expect(byId.recursing).toMatchObject({ status: "partial", skipped: [{ path: "deep.conf" }] });
    expect(byId.recursing!.skipped[0]!.reason).toMatch(/^parser crashed: Maximum call stack size exceeded/);
    expect(byId.unprepared).toMatchObject({ status: "failed", error: "prepare failed: grammar missing" });
    expect(byId.example!.status).toBe("succeeded");
  }, 30_000);

  it("blames only the hanging file, not the batches queued behind it on the same worker", async () => {
    // 200 files make several batches on one worker: the hanging file's batch runs while the next waits.
    const files: Record<string, string> = { "a/hang.conf": "a = 1\n" };
    for (let index = 0; index < 199; index++)
      files[`b/${String(index).padStart(3, "0")}.conf`] = "password = x\n";
    tree = makeTree(files);
    const result = await scan(tree.root, { registryUrl: hostileRegistry, workers: 1, batchTimeoutMs: 1500 });
    expect(result.skipped).toEqual([
      { path: "a/hang.conf", reason: "analysis aborted: timed out after 1.5 s" },
    ]);
    const passwords = result.findings.filter((finding) => finding.ruleId === "example/hardcoded-password");
    expect(passwords).toHaveLength(199);
    expect(result.filesScanned).toBe(199);
  }, 60_000);
});
