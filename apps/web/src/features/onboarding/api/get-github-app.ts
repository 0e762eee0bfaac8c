// Whether this server has its GitHub App, and whether the signed-in user may create it
// (GET /api/github/app); null when nobody is signed in.
import type { GitHubAppStatus } from "@rampart/contracts/github";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet } from "../../../lib/api";

export const gitHubAppQueryKey = ["/api/github/app"] as const;

export function gitHubAppQueryOptions() {
  return queryOptions({
    queryKey: gitHubAppQueryKey,
    queryFn: ({ signal }) => apiGet<GitHubAppStatus>(gitHubAppQueryKey, { on401: "returnNull", signal }),
  });
}

export function useGitHubApp(options: { enabled?: boolean } = {}) {
  return useQuery({ ...gitHubAppQueryOptions(), enabled: options.enabled ?? true });
}
