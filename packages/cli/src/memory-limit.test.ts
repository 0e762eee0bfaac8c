import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseCgroupMemoryMax, scanMemoryLimit } from "./memory-limit.ts";

function cgroupFile(text: string): string {
  const path = join(mkdtempSync(join(tmpdir(), "rampart-cgroup-")), "memory.max");
  writeFileSync(path, text);
  return path;
}

describe("scan memory limit", () => {
  it("reads a cgroup v2 limit in MB, and no limit for max", () => {
    expect(parseCgroupMemoryMax("536870912\n")).toBe(512);
    expect(parseCgroupMemoryMax("max\n")).toBeUndefined();
  });

  it("takes --max-memory over the container's limit", () => {
    expect(scanMemoryLimit("300", cgroupFile("536870912\n"))).toBe(300);
  });

  it("leaves a fifth of the container's limit to the rest of the container", () => {
    expect(scanMemoryLimit(undefined, cgroupFile("1073741824\n"), 16_384)).toBe(819);
  });

  it("takes half the machine's memory without a container limit", () => {
    expect(scanMemoryLimit(undefined, cgroupFile("max\n"), 2048)).toBe(1024);
    expect(scanMemoryLimit(undefined, "/nonexistent/memory.max", 2048)).toBe(1024);
  });

  it("refuses a limit that is not a positive number", () => {
    expect(() => scanMemoryLimit("0")).toThrow(/--max-memory/);
    expect(() => scanMemoryLimit("lots")).toThrow(/--max-memory/);
  });
});
