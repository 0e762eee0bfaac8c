// A scan loads an analyzer only when a file of the scan may go to it and it is to run: an empty
// scan loads none, and the others are still listed, having been given no file.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loaded } from "../test/lazy-registry.ts";
import { makeTree, type TempTree } from "../test/temp-tree.ts";
import { scan } from "./scan.ts";

const registryUrl = new URL("../test/lazy-registry.ts", import.meta.url).href;

let tree: TempTree | undefined;
beforeEach(() => {
  loaded.length = 0;
});
afterEach(() => tree?.remove());

function runs(result: Awaited<ReturnType<typeof scan>>): string[] {
  return result.analyzers.map((run) => `${run.analyzer} ${run.status} ${run.filesGiven}`);
}

describe("analyzer loading", () => {
  it("loads no analyzer for an empty folder, and lists each as given no file", async () => {
    tree = makeTree({});
    const result = await scan(tree.root, { registryUrl, workers: 0 });
    expect(loaded).toEqual([]);
    expect(runs(result)).toEqual(["docker-lines succeeded 0", "terraform-lines succeeded 0"]);
  });

  it("loads only the analyzers the files' names may need", async () => {
    tree = makeTree({ Dockerfile: "FROM alpine\n", "README.md": "# readme\n" });
    const result = await scan(tree.root, { registryUrl, workers: 0 });
    expect([...new Set(loaded)]).toEqual(["docker-lines"]);
    expect(result.findings.map((finding) => finding.ruleId)).toEqual(["docker-lines/first-line"]);
    expect(runs(result)).toEqual(["docker-lines succeeded 1", "terraform-lines succeeded 0"]);
  });

  it("does not load an analyzer that is not to run", async () => {
    tree = makeTree({ Dockerfile: "FROM alpine\n", "main.tf": 'resource "x" "y" {}\n' });
    const result = await scan(tree.root, { registryUrl, workers: 0, analyzers: ["terraform-lines"] });
    expect([...new Set(loaded)]).toEqual(["terraform-lines"]);
    expect(runs(result)).toEqual(["docker-lines not-run 0", "terraform-lines succeeded 1"]);
  });
});
