import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { materializeSample } from "./samples.ts";

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function sampleTree() {
  const root = mkdtempSync(path.join(tmpdir(), "rampart-samples-"));
  roots.push(root);
  const samples = path.join(root, "samples");
  mkdirSync(path.join(samples, "demo", "01-initial"), { recursive: true });
  writeFileSync(
    path.join(samples, "demo", "sample.json"),
    JSON.stringify({
      name: "acme/demo",
      description: "d",
      commits: [{ dir: "01-initial", message: "initial", daysAgo: 1 }],
    }),
  );
  writeFileSync(path.join(samples, "demo", "01-initial", "main.tf"), "# one\n");
  return { samples, cache: path.join(root, "cache") };
}

const filesAt = (repository: string) =>
  execFileSync("git", ["ls-tree", "-r", "--name-only", "HEAD"], { cwd: repository })
    .toString()
    .trim()
    .split("\n");

describe("materializeSample", () => {
  it("reuses the cached repository while the sample is unchanged, and builds it again when a file is added", () => {
    const { samples, cache } = sampleTree();
    const first = materializeSample(samples, "demo", cache);
    expect(materializeSample(samples, "demo", cache).commits).toEqual(first.commits);

    // An upgrade that adds a file to a step (same number of commits) must not keep the old tree.
    writeFileSync(path.join(samples, "demo", "01-initial", "prod.tfvars"), 'region = "eu"\n');
    const rebuilt = materializeSample(samples, "demo", cache);
    expect(filesAt(rebuilt.path)).toEqual(["main.tf", "prod.tfvars"]);
  });
});
