// After a fix pull request opens, the lists that show findings' fix state and the pull request
// lists are out of date; the mutation that opened it refreshes them all, whichever page it is on.
import type { QueryClient } from "@tanstack/react-query";

/** The `/api/tenants/{id}/<segment>` reads that carry a finding's fix pull request. */
const TENANT_READS = new Set(["sca", "sast", "summary", "pr-suggestions"]);
/** Reads addressed by other roots: a run's findings, a control's findings, the open PR count. */
const OTHER_READS = new Set(["/api/runs", "/api/controls", "/api/prs/active"]);

export function invalidateFixQueries(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey }) =>
      OTHER_READS.has(String(queryKey[0])) ||
      (queryKey[0] === "/api/tenants" && TENANT_READS.has(String(queryKey[2]))),
  });
}
