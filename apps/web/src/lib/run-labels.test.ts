import { describe, expect, it } from "vitest";
import { abbreviate, pullRequestNumber, runTitle } from "./run-labels";

describe("run labels", () => {
  it("names PR runs by number and everything else as manual", () => {
    expect(pullRequestNumber("pr:42")).toBe(42);
    expect(runTitle("pr:42")).toBe("PR #42: Policy Evaluation");
    expect(runTitle("manual")).toBe("Manual Policy Run");
    expect(runTitle("schedule")).toBe("Manual Policy Run");
    expect(abbreviate("abcdef0123456789", 8)).toBe("abcdef01");
  });
});
