// The PR Bot page's live PR status (spec part 2, §7: GET /api/prs/active, polled every 10 s).
import { z } from "zod";
import { Id, Timestamp } from "./common.ts";

export const ActivePrQuery = z.object({ tenantId: Id });
export type ActivePrQuery = z.infer<typeof ActivePrQuery>;

/**
 * Spec: "Active PR count response: count". `source` says what was counted, so the page never
 * passes off a local number as the host's: `host` is the open pull requests of the tenant's
 * repositories on its connected code host, read from the host (at most `maxAgeSeconds` old);
 * `local` (no code host connected) is Rampart's open fix pull requests on its own fix remote.
 */
export const ActivePrCount = z.discriminatedUnion("source", [
  z.object({
    source: z.literal("host"),
    count: z.number().int().nonnegative(),
    /** Shown to users: "GitHub". */
    host: z.string(),
    /** How many of the tenant's repositories were counted. */
    repositories: z.number().int().nonnegative(),
    /** More repositories than one count reads: only the first `repositories` (by name) were counted. */
    partial: z.boolean(),
    /** When the host was asked; answers are shared for a few seconds between users. */
    checkedAt: Timestamp,
  }),
  z.object({ source: z.literal("local"), count: z.number().int().nonnegative() }),
]);
export type ActivePrCount = z.infer<typeof ActivePrCount>;
