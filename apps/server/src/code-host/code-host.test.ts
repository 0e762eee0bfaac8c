import { createNetworkPolicy, DEFAULT_LIMITS } from "@rampart/checkout";
import { describe, expect, it } from "vitest";
import type { RepositoryRow } from "../repositories/repositories.repo.ts";
import { createLocalCodeHost } from "./code-host.ts";

const host = createLocalCodeHost({
  samplesDir: "/nonexistent",
  sampleCacheDir: "/nonexistent",
  fixRemotesDir: "/nonexistent",
  policy: createNetworkPolicy(),
  limits: DEFAULT_LIMITS,
  credentialOf: () => undefined,
});
const repository = (source: RepositoryRow["source"], location: string) =>
  ({
    id: "r",
    tenantId: "t",
    name: "n",
    source,
    location,
    defaultBranch: null,
    scanSchedule: null,
    createdAt: new Date(),
  }) as RepositoryRow;

describe("commitUrl", () => {
  it.each([
    ["https://github.com/acme/api.git", "https://github.com/acme/api/commit/abc1234"],
    ["git@github.com:acme/api.git", "https://github.com/acme/api/commit/abc1234"],
    ["https://gitlab.com/acme/api", "https://gitlab.com/acme/api/-/commit/abc1234"],
    ["https://gitlab.com/group/sub/app.git", "https://gitlab.com/group/sub/app/-/commit/abc1234"],
    ["https://git.internal.example/acme/api.git", null],
  ])("%s", (location, url) => {
    expect(host.commitUrl(repository("git", location), "abc1234")).toBe(url);
  });

  it("has no link for local repositories and samples", () => {
    expect(host.commitUrl(repository("local", "/srv/app"), "abc")).toBeNull();
    expect(host.commitUrl(repository("sample", "payments-api"), "abc")).toBeNull();
  });
});
