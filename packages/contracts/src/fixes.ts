// Fix pull requests (spec part 2, §7: POST /api/fixes/dependency and POST /api/fixes/sast; and
// POST /api/fixes/finding, which opens the fix of any finding that has one, for the dashboard).
import { z } from "zod";
import { Id, Timestamp } from "./common.ts";

export const FixRequest = z.object({ findingId: Id });
export type FixRequest = z.infer<typeof FixRequest>;

/** The pull request (a `security/fix/<slug>` branch with the patch) the code host opened. */
export const FixPullRequest = z.object({
  number: z.number().int().positive(),
  branchName: z.string().startsWith("security/fix/"),
  /** A link to the pull request on the code host's website, when it has one. */
  url: z.string().nullable(),
});
export type FixPullRequest = z.infer<typeof FixPullRequest>;

export const FixResponse = z.object({ pr: FixPullRequest });
export type FixResponse = z.infer<typeof FixResponse>;

export const PR_STATES = ["open", "merged", "closed"] as const;
export const PrState = z.enum(PR_STATES);
export type PrState = z.infer<typeof PrState>;

/** The pull request that fixes a finding (open, or merged and waiting for the next scan). */
export const FixPullRequestStatus = FixPullRequest.extend({ state: PrState });
export type FixPullRequestStatus = z.infer<typeof FixPullRequestStatus>;

/**
 * Whether "Create Fix PR" can open a pull request for a finding, and if not, why not in words a
 * user can act on. `kind` says which change it would be.
 */
export const FixAvailability = z.discriminatedUnion("available", [
  z.object({ available: z.literal(true), kind: z.enum(["sast", "dependency", "iac"]) }),
  z.object({ available: z.literal(false), reason: z.string() }),
]);
export type FixAvailability = z.infer<typeof FixAvailability>;

/** A fix pull request as the PR Bot Activity page and the dashboard list it (spec part 2, §3). */
export const PrSuggestion = z.object({
  id: Id,
  /** `security/fix/<slug>`; the page titles a suggestion by the slug. */
  branchName: z.string().startsWith("security/fix/"),
  number: z.number().int().positive(),
  title: z.string(),
  repo: z.string(),
  url: z.string().nullable(),
  state: PrState,
  merged: z.boolean(),
  accepted: z.boolean(),
  createdAt: Timestamp,
  /** Why the change is needed and what it does: the pull request's description. */
  aiExplainer: z.string(),
  /** Whether the change adds or changes tests. */
  testsAdded: z.boolean(),
  kind: z.enum(["sast", "dependency", "iac"]),
  findingId: Id.nullable(),
  runId: Id,
});
export type PrSuggestion = z.infer<typeof PrSuggestion>;

export const PR_SUGGESTIONS_PAGE_SIZE = 50;

/** `GET /api/tenants/{tenantId}/pr-suggestions`: newest first, `limit` a page from `cursor` on. */
export const PrSuggestionsQuery = z.object({
  /** The previous page's `nextCursor`; opaque. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(PR_SUGGESTIONS_PAGE_SIZE),
});
export type PrSuggestionsQuery = z.infer<typeof PrSuggestionsQuery>;

export const PrSuggestionsPage = z.object({
  prSuggestions: z.array(PrSuggestion),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  /** How many fix pull requests the tenant has in all. */
  total: z.number().int().nonnegative(),
});
export type PrSuggestionsPage = z.infer<typeof PrSuggestionsPage>;
