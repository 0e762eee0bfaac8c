// Turns a failed fetch into a reason class and a sentence a user can act on. git's own text is
// never passed on: it tells closed ports, open ports and HTTP servers apart, and names paths.

export type FetchFailureReason =
  | "not_found"
  | "auth_required"
  | "refused_by_policy"
  | "timed_out"
  | "too_large"
  | "unreachable";

export interface FetchFailure {
  ok: false;
  reason: FetchFailureReason;
  /** "The repository could not be fetched: …", safe to show and to store. */
  error: string;
}

const REASON_TEXT: Record<FetchFailureReason, string> = {
  not_found: "not found (check the URL, and the branch or commit)",
  auth_required: "authentication required (add an access token with read access to the repository)",
  refused_by_policy: "refused by policy",
  timed_out: "timed out",
  too_large: "too large",
  unreachable: "the host could not be reached or did not answer as a git server",
};

/** A failure of `reason`; `detail` (ours, never git's) is added for policy and size refusals. */
export function fetchFailure(reason: FetchFailureReason, detail?: string): FetchFailure {
  const text = detail ? `${REASON_TEXT[reason]}: ${detail}` : REASON_TEXT[reason];
  return { ok: false, reason, error: `The repository could not be fetched: ${text}` };
}

const NOT_FOUND = [
  /repository .* not found/i,
  /not found/i,
  /does not appear to be a git repository/i,
  /couldn't find remote ref/i,
  /no such remote ref/i,
  /not our ref/i,
  /unadvertised object/i,
  /\b404\b/,
  /no such (file or )?directory/i,
];
const AUTH_REQUIRED = [
  /authentication failed/i,
  /could not read (username|password)/i,
  /terminal prompts disabled/i,
  /permission denied/i,
  /host key verification failed/i,
  /\b40[13]\b/,
  /access denied/i,
  /invalid credentials/i,
];

/** Classifies git's error output; anything unrecognised reads as unreachable. */
export function classifyGitError(stderr: string, timedOut: boolean): FetchFailureReason {
  if (timedOut) return "timed_out";
  if (/transport '.*' not allowed|protocol '.*' is not supported/i.test(stderr)) return "refused_by_policy";
  // With http.followRedirects=false, curl reports the redirect itself as the failure.
  if (/returned error: 30[1278]\b|redirect/i.test(stderr)) return "refused_by_policy";
  // git daemon answers a missing repository with "access denied or repository not exported".
  if (/not exported/i.test(stderr)) return "not_found";
  if (AUTH_REQUIRED.some((pattern) => pattern.test(stderr))) return "auth_required";
  if (NOT_FOUND.some((pattern) => pattern.test(stderr))) return "not_found";
  if (/timed out/i.test(stderr)) return "timed_out";
  return "unreachable";
}
