// The GitHub connection of a scan's online checks (impostor commits, ref confusion): the token
// comes from $GITHUB_TOKEN only, never from the command line, where process lists and CI logs
// would show it; the API URL from --github-api-url (GitHub Enterprise Server: https://host/api/v3).
import type { OnlineConnections } from "@rampart/engine/analyzer";
import { apiBaseUrl } from "@rampart/engine/analyzers/ci/online/github-client";
import { type Io, UsageError } from "./io.ts";

export const GITHUB_TOKEN_VARIABLE = "GITHUB_TOKEN";
export const DEFAULT_GITHUB_API_URL = "https://api.github.com";

/** Refuses a GitHub token on the command line, however it is spelled, before anything else runs. */
export function refuseGitHubTokenArgument(args: readonly string[]): void {
  if (args.some((arg) => arg === "--github-token" || arg.startsWith("--github-token=")))
    throw new UsageError(
      `the GitHub token is read from $${GITHUB_TOKEN_VARIABLE} only, never from the command line (process lists and CI logs show it)`,
    );
}

/**
 * The connections of a scan: GitHub when $GITHUB_TOKEN is set and --offline is not given.
 * A bad --github-api-url is a usage error even without a token, so a typo does not wait for one.
 */
export function onlineConnections(
  io: Io,
  flags: { "github-api-url"?: string | undefined; offline?: boolean | undefined },
): OnlineConnections | undefined {
  const url = apiBaseUrl(flags["github-api-url"] ?? DEFAULT_GITHUB_API_URL);
  if (!url.ok) throw new UsageError(`--github-api-url ${url.error}`);
  const token = io.env[GITHUB_TOKEN_VARIABLE]?.trim();
  if (flags.offline || !token) return undefined;
  return { github: { token, apiUrl: url.url } };
}
