import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  ESTIMATE_BASE_BYTES,
  ESTIMATE_BYTES_PER_FILE,
  ESTIMATE_BYTES_PER_SOURCE_BYTE,
  estimateFromPeak,
  estimateFromTreeSize,
} from "./memory-estimate.ts";
import { treeSize } from "./tree-size.ts";

const MB = 1024 * 1024;

describe("a scan's memory estimate", () => {
  it("grows with the files and the bytes of the checkout", () => {
    expect(estimateFromTreeSize({ files: 0, bytes: 0 })).toBe(ESTIMATE_BASE_BYTES);
    expect(estimateFromTreeSize({ files: 10, bytes: 1000 })).toBe(
      ESTIMATE_BASE_BYTES + 10 * ESTIMATE_BYTES_PER_FILE + 1000 * ESTIMATE_BYTES_PER_SOURCE_BYTE,
    );
    // the 50,000-file, 940 MB tree peaked at 6.2 GB: the estimate does not fall short
    expect(estimateFromTreeSize({ files: 50_000, bytes: 940 * MB })).toBeGreaterThan(6.2 * 1024 * MB);
  });

  it("takes a recorded peak with a margin, never below the base", () => {
    expect(estimateFromPeak(400 * MB)).toBe(500 * MB);
    expect(estimateFromPeak(0)).toBe(ESTIMATE_BASE_BYTES);
  });
});

describe("the size of a checkout", () => {
  const root = mkdtempSync(path.join(tmpdir(), "rampart-tree-size-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("counts the files outside .git, and no bytes of a file over the per-file limit", async () => {
    mkdirSync(path.join(root, "src/deep"), { recursive: true });
    mkdirSync(path.join(root, ".git/objects"), { recursive: true });
    writeFileSync(path.join(root, "README.md"), "x".repeat(10));
    writeFileSync(path.join(root, "src/deep/a.py"), "y".repeat(20));
    writeFileSync(path.join(root, "src/big.bin"), "z".repeat(100));
    writeFileSync(path.join(root, ".git/objects/pack"), "p".repeat(1000));
    expect(await treeSize(root, 50)).toEqual({ files: 3, bytes: 30 });
  });
});
