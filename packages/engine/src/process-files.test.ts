// Reading files in a worker: every file's own text, whatever the sizes before it (one read buffer
// is reused), and a file over the size limit skipped without being read.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { defineAnalyzer, parsed } from "./analyzer.ts";
import { folderLister, processFiles, siblingReader } from "./process-files.ts";

/** Hands each file's text to the cross-file phase unchanged. */
const echo = defineAnalyzer<string, string>({
  id: "echo",
  title: "Echo",
  description: "Test analyzer.",
  accepts: ["text"],
  parse: (file) => parsed(file.text),
  rules: [],
  project: { summarize: (text) => text, rules: [] },
});

const root = mkdtempSync(join(tmpdir(), "rampart-read-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("processFiles", () => {
  it("reads every file's own text, small after large and large after small, and skips one over the limit", () => {
    const contents: Record<string, string> = {
      "a.txt": `${"large é ".repeat(20_000)}end\n`,
      "b.txt": "small\n",
      "c.txt": `${"larger ü ".repeat(40_000)}end\n`,
      "d.txt": "x".repeat(600_001),
      "e.txt": "tiny",
    };
    for (const [name, text] of Object.entries(contents)) writeFileSync(join(root, name), text);
    const tasks = Object.keys(contents).map((path) => ({ path, absolutePath: join(root, path) }));
    const result = processFiles(tasks, [echo], undefined, 600_000);
    expect(result.skipped).toEqual([{ path: "d.txt", reason: "larger than the size limit" }]);
    expect(result.summaries.map(({ path, summary }) => [path, summary])).toEqual(
      ["a.txt", "b.txt", "c.txt", "e.txt"].map((path) => [path, contents[path]]),
    );
    expect(result.bytesRead).toBe(
      ["a.txt", "b.txt", "c.txt", "e.txt"].reduce((sum, path) => sum + Buffer.byteLength(contents[path]!), 0),
    );
  });

  it("does not follow a file that became a symbolic link after the walk", () => {
    const outside = mkdtempSync(join(tmpdir(), "rampart-outside-"));
    try {
      writeFileSync(join(outside, "secret.txt"), "not for the scan");
      symlinkSync(join(outside, "secret.txt"), join(root, "link.txt"));
      const result = processFiles(
        [{ path: "link.txt", absolutePath: join(root, "link.txt") }],
        [echo],
        undefined,
        1000,
      );
      expect(result.summaries).toEqual([]);
      expect(result.skipped).toEqual([
        { path: "link.txt", reason: expect.stringMatching(/^unreadable: .*ELOOP/) },
      ]);
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it("reads a sibling inside the root, and nothing for a folder, a file over the limit or a path outside", () => {
    mkdirSync(join(root, "sub/folder"), { recursive: true });
    writeFileSync(join(root, "sub/package.json"), '{"name":"x"}');
    writeFileSync(join(root, "sub/big.txt"), "x".repeat(2000));
    const read = siblingReader({ path: "sub/pom.xml", absolutePath: join(root, "sub/pom.xml") }, 1000);
    expect(read("sub/package.json")).toBe('{"name":"x"}');
    expect(read("sub/folder")).toBeUndefined();
    expect(read("sub/big.txt")).toBeUndefined();
    expect(read("../outside.txt")).toBeUndefined();
    expect(read("sub/missing.json")).toBeUndefined();
  });

  it("lists a folder's plain files for a file of the scan, never a folder outside the root", () => {
    mkdirSync(join(root, "pkg/nested"), { recursive: true });
    writeFileSync(join(root, "pkg/a.go"), "package pkg\n");
    writeFileSync(join(root, "pkg/b.go"), "package pkg\n");
    const list = folderLister({ path: "pkg/a.go", absolutePath: join(root, "pkg/a.go") });
    expect([...(list("pkg") ?? [])].sort()).toEqual(["a.go", "b.go"]);
    expect(list("..")).toBeUndefined();
    expect(list("pkg/missing")).toBeUndefined();
    const outside = mkdtempSync(join(tmpdir(), "rampart-outside-"));
    try {
      writeFileSync(join(outside, "secret.go"), "package x\n");
      symlinkSync(outside, join(root, "pkg/linked"));
      expect(list("pkg/linked")).toBeUndefined();
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
    expect(folderLister({ path: "x.go", absolutePath: "/elsewhere/y.go" })("")).toBeUndefined();
  });
});
