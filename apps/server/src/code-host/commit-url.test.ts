import { describe, expect, it } from "vitest";
import { commitUrlOf } from "./commit-url.ts";

const SHA = "0123456789abcdef0123456789abcdef01234567";

describe("commitUrlOf", () => {
  it.each([
    ["https://github.com/acme/api", `https://github.com/acme/api/commit/${SHA}`],
    ["https://github.com/acme/api.git", `https://github.com/acme/api/commit/${SHA}`],
    ["https://github.com/acme/api/", `https://github.com/acme/api/commit/${SHA}`],
    ["http://github.com/acme/api.git", `https://github.com/acme/api/commit/${SHA}`],
    ["https://GitHub.com/acme/api", `https://github.com/acme/api/commit/${SHA}`],
    ["https://www.github.com/acme/api", `https://github.com/acme/api/commit/${SHA}`],
    ["git@github.com:acme/api.git", `https://github.com/acme/api/commit/${SHA}`],
    ["ssh://git@github.com/acme/api.git", `https://github.com/acme/api/commit/${SHA}`],
    ["ssh://git@github.com:22/acme/api.git", `https://github.com/acme/api/commit/${SHA}`],
    ["git://github.com/acme/api.git", `https://github.com/acme/api/commit/${SHA}`],
    ["https://gitlab.com/acme/api", `https://gitlab.com/acme/api/-/commit/${SHA}`],
    ["https://gitlab.com/group/sub/app.git", `https://gitlab.com/group/sub/app/-/commit/${SHA}`],
    ["git@gitlab.com:group/sub/app.git", `https://gitlab.com/group/sub/app/-/commit/${SHA}`],
    ["https://bitbucket.org/acme/api.git", `https://bitbucket.org/acme/api/commits/${SHA}`],
    ["git@bitbucket.org:acme/api.git", `https://bitbucket.org/acme/api/commits/${SHA}`],
  ])("links %s", (location, url) => {
    expect(commitUrlOf(location, SHA)).toBe(url);
  });

  it.each([
    ["a self-hosted server", "https://git.internal.example/acme/api.git"],
    ["a look-alike host", "https://github.com.evil.example/acme/api"],
    ["a local path", "/srv/repositories/api"],
    ["a file URL", "file:///srv/repositories/api"],
    ["a sample's name", "payments-api"],
    ["a GitHub path that is not owner/name", "https://github.com/acme/api/tree/main"],
    ["a GitHub owner alone", "https://github.com/acme"],
    ["a query string", "https://github.com/acme/api?tab=readme"],
    ["a path with dot segments", "git@github.com:acme/../api.git"],
  ])("has no link for %s", (_, location) => {
    expect(commitUrlOf(location, SHA)).toBeNull();
  });

  it("links only a commit id", () => {
    expect(commitUrlOf("https://github.com/acme/api", "abc1234")).toBe(
      "https://github.com/acme/api/commit/abc1234",
    );
    expect(commitUrlOf("https://github.com/acme/api", "../../settings")).toBeNull();
  });
});
