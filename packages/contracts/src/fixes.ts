// Fix pull requests (spec part 2, §7: POST /api/fixes/dependency and POST /api/fixes/sast).
import { z } from "zod";
import { Id } from "./common.ts";

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
