// How a fix pull request's state reads on the PR Bot page (spec part 2, §4).
import type { PrSuggestion } from "@rampart/contracts/fixes";

export type PrDisplayStatus = "Merged" | "Accepted" | "Pending Review";

/** Merged overrides accepted: a merged pull request was necessarily accepted first. */
export function prDisplayStatus(suggestion: Pick<PrSuggestion, "merged" | "accepted">): PrDisplayStatus {
  if (suggestion.merged) return "Merged";
  if (suggestion.accepted) return "Accepted";
  return "Pending Review";
}

export const PR_STATUS_BADGE = {
  Merged: "success",
  Accepted: "default",
  "Pending Review": "warning",
} as const satisfies Record<PrDisplayStatus, string>;
