import { realpathSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeTree, type TempTree } from "../test/temp-tree.ts";
import { walk } from "./walk.ts";

let tree: TempTree | undefined;
afterEach(() => tree?.remove());

describe("walk", () => {
  it("honours nested .gitignore files, negations and config excludes", async () => {
    tree = makeTree({
      ".gitignore": "*.log\nbuild/\n",
      "app.log": "x",
      "main.tf": "x",
      "build/out.tf": "x",
      "sub/.gitignore": "!keep.log\nlocal.tf\n",
      "sub/keep.log": "x",
      "sub/local.tf": "x",
      "sub/other.tf": "x",
      "generated/a.tf": "x",
    });
    const result = await walk(tree.root, { exclude: ["generated/"] });
    expect(result.files.map((file) => file.path)).toEqual([
      ".gitignore",
      "main.tf",
      "sub/.gitignore",
      "sub/keep.log",
      "sub/other.tf",
    ]);
    expect(result.skipped).toEqual([]);
  });

  it("skips vendored folders silently and binary names, big files and symlinks with a reason", async () => {
    tree = makeTree({
      "node_modules/pkg/index.tf": "x",
      "vendor/lib.tf": "x",
      ".git/config": "x",
      "logo.png": "x",
      "big.yaml": "a".repeat(2000),
      "ok.yaml": "a: b",
    });
    symlinkSync(join(tree.root, "ok.yaml"), join(tree.root, "link.yaml"));
    const result = await walk(tree.root, { maxFileBytes: 1000 });
    expect(result.files.map((file) => file.path)).toEqual(["ok.yaml"]);
    expect(result.skipped).toEqual([
      { path: "link.yaml", reason: "symbolic link (not followed)" },
      { path: "logo.png", reason: "binary file (by extension)" },
      { path: "big.yaml", reason: "larger than the 1 KB limit (2 KB)" },
    ]);
  });

  it("scans a single file given as the root", async () => {
    tree = makeTree({ "main.tf": "x" });
    const result = await walk(join(tree.root, "main.tf"));
    expect(result.files.map((file) => file.path)).toEqual(["main.tf"]);
  });

  it("follows a root that links to a file, once: the file is read at its real path", async () => {
    tree = makeTree({ "real/main.tf": "x" });
    symlinkSync(join(tree.root, "real/main.tf"), join(tree.root, "link.tf"));
    const result = await walk(join(tree.root, "link.tf"));
    expect(result.files.map((file) => [file.path, file.absolutePath])).toEqual([
      ["link.tf", realpathSync(join(tree.root, "real/main.tf"))],
    ]);
  });

  it("can ignore .gitignore", async () => {
    tree = makeTree({ ".gitignore": "*.tf\n", "main.tf": "x" });
    const result = await walk(tree.root, { gitignore: false });
    expect(result.files.map((file) => file.path)).toEqual([".gitignore", "main.tf"]);
  });
});
