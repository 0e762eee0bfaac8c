import { describe, expect, it } from "vitest";
import { abbreviate, commitUrl, pullRequestNumber, runTitle } from "./run-labels";

describe("run labels", () => {
  it("names PR runs by number and everything else as manual", () => {
    expect(pullRequestNumber("pr:42")).toBe(42);
    expect(runTitle("pr:42")).toBe("PR #42: Policy Evaluation");
    expect(runTitle("manual")).toBe("Manual Policy Run");
    expect(runTitle("schedule")).toBe("Manual Policy Run");
    expect(abbreviate("abcdef0123456789", 8)).toBe("abcdef01");
  });

  it("links commits only for repositories hosted on GitHub or GitLab", () => {
    expect(commitUrl("https://github.com/acme/api.git", "abc")).toBe(
      "https://github.com/acme/api/commit/abc",
    );
    expect(commitUrl("git@github.com:acme/api.git", "abc")).toBe("https://github.com/acme/api/commit/abc");
    expect(commitUrl("https://gitlab.com/group/sub/app", "abc")).toBe(
      "https://gitlab.com/group/sub/app/-/commit/abc",
    );
    expect(commitUrl("/srv/repos/api", "abc")).toBeNull();
    expect(commitUrl("terraform-aws", "abc")).toBeNull();
    expect(commitUrl(undefined, "abc")).toBeNull();
  });
});
