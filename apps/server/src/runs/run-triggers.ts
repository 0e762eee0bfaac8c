// What started a run, as `triggeredBy` records it. Pull-request runs judge commits that are not
// (yet) on the default branch: they are shown and kept as evidence, but a repository's posture,
// its finding history and fix-merge detection come from its branch runs only.
import { policyRuns } from "@rampart/db/schema";
import { sql } from "drizzle-orm";

/** A pull request's head commit (spec: 'PR #N: Policy Evaluation'). */
export const pullRequestTrigger = (number: number) => `pr:${number}`;
/** The commit a pull request is compared with, when no run of it existed. */
export const pullRequestBaseTrigger = (number: number) => `pr-base:${number}`;
/** A push to the default branch, reported by the code host. */
export const PUSH_TRIGGER = "push";

const PULL_REQUEST_RUN = /^pr(-base)?:\d+$/;

export const isPullRequestRun = (triggeredBy: string) => PULL_REQUEST_RUN.test(triggeredBy);

/** The SQL twin of `!isPullRequestRun`, for queries of a repository's current state. */
export const isBranchRun = () => sql`${policyRuns.triggeredBy} !~ '^pr(-base)?:[0-9]+$'`;
