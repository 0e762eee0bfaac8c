import { describe, expect, it } from "vitest";
import { abbreviate, memoryLabel, pullRequestNumber, runTitle } from "./run-labels";

describe("run labels", () => {
  it("names PR runs by number and everything else as manual", () => {
    expect(pullRequestNumber("pr:42")).toBe(42);
    expect(runTitle("pr:42")).toBe("PR #42: Policy Evaluation");
    expect(runTitle("manual")).toBe("Manual Policy Run");
    expect(runTitle("schedule")).toBe("Manual Policy Run");
    expect(abbreviate("abcdef0123456789", 8)).toBe("abcdef01");
  });

  it("gives a scan's peak memory in whole megabytes, or kilobytes below one", () => {
    expect(memoryLabel(312 * 1024 * 1024 + 400_000)).toBe("312 MB");
    expect(memoryLabel(6_200 * 1024 * 1024)).toBe("6,200 MB");
    expect(memoryLabel(0)).toBe("0 KB");
    expect(memoryLabel(300 * 1024)).toBe("300 KB");
  });
});
