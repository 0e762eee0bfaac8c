import { describe, expect, it } from "vitest";
import { onlineConnections, refuseGitHubTokenArgument } from "./github-option.ts";
import type { Io } from "./io.ts";

function io(env: Record<string, string | undefined>): Io {
  return { env } as unknown as Io;
}

describe("GitHub connection options", () => {
  it("refuses a token on the command line, however it is spelled", () => {
    expect(() => refuseGitHubTokenArgument(["scan", "--github-token", "ghp_x"])).toThrow(/GITHUB_TOKEN only/);
    expect(() => refuseGitHubTokenArgument(["scan", "--github-token=ghp_x"])).toThrow(/GITHUB_TOKEN only/);
    expect(() => refuseGitHubTokenArgument(["scan", "."])).not.toThrow();
  });

  it("connects to GitHub only with $GITHUB_TOKEN set and without --offline", () => {
    expect(onlineConnections(io({}), {})).toBeUndefined();
    expect(onlineConnections(io({ GITHUB_TOKEN: " " }), {})).toBeUndefined();
    expect(onlineConnections(io({ GITHUB_TOKEN: "ghs_x" }), { offline: true })).toBeUndefined();
    expect(onlineConnections(io({ GITHUB_TOKEN: "ghs_x" }), {})).toEqual({
      github: { token: "ghs_x", apiUrl: "https://api.github.com" },
    });
    expect(
      onlineConnections(io({ GITHUB_TOKEN: "ghs_x" }), {
        "github-api-url": "https://ghe.example.com/api/v3/",
      }),
    ).toEqual({ github: { token: "ghs_x", apiUrl: "https://ghe.example.com/api/v3" } });
  });

  it("refuses an API URL that is not https (or loopback http), token or not", () => {
    expect(() => onlineConnections(io({}), { "github-api-url": "http://ghe.example.com" })).toThrow(
      /--github-api-url must be https/,
    );
    expect(() => onlineConnections(io({}), { "github-api-url": "https://u:p@ghe.example.com" })).toThrow(
      /credentials/,
    );
  });
});
