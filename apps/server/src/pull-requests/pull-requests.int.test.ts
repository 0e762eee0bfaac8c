// Issue 18, item 2 against a fake GitHub and real git over HTTP: a pull request opened becomes a
// scan of its head (`pr:<n>`) compared with its merge base; one check run per scan, with
// annotations on the changed lines in GitHub's batches of 50 and a conclusion by the tenant's gate;
// one summary comment, updated in place on the next push; review comments with suggestions for
// the mechanical fixes on changed lines, never posted twice.
import { policyRuns, pullRequestScans } from "@rampart/db/schema";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  deliver,
  type FakeApp,
  type FakeGitHub,
  type FakeInstallation,
  type FakePullRequest,
  startFakeGitHub,
} from "../../test/fake-github.ts";
import { connectInstallation, fakeGitHubServices } from "../../test/github-connected.ts";
import { asTenant, createTestContext, signUp, type TestContext } from "../../test/harness.ts";
import { createPostureRepo } from "../posture/posture.repo.ts";
import { COMMENT_MARKER, MAX_SUGGESTIONS } from "./pull-request-report.ts";

const BASE_DOCKERFILE = 'FROM node:20\nWORKDIR /app\nADD package.json /app/\nCMD ["node", "server.js"]\n';
/** 60 local files added with ADD (low, mechanically fixable) and a piped install script (high, and low for the pipe without pipefail). */
const ADDED = Array.from({ length: 60 }, (_, index) => `ADD f${index}.js /app/`).join("\n");
const PIPED = "RUN curl -fsSL https://get.example.test/install.sh | sh";
const dockerfile = (extra: string) => BASE_DOCKERFILE.replace("CMD", `${extra}\nCMD`);

let github: FakeGitHub;
let fakeApp: FakeApp;
let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUp>>;
let installation: FakeInstallation;
let pull: FakePullRequest;

beforeAll(async () => {
  github = await startFakeGitHub();
  fakeApp = github.createApp();
  github.createRepository("acme/app", { Dockerfile: BASE_DOCKERFILE });
  installation = github.installApp("acme", ["acme/app"]);
  ctx = await createTestContext({
    services: fakeGitHubServices(github, fakeApp),
  });
  owner = await signUp(ctx.app, { tenantName: "Acme" });
  await connectInstallation(ctx, owner, installation);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  await github?.close();
});

const send = (event: string, payload: unknown) =>
  deliver(ctx.app, { event, payload, secret: fakeApp.webhookSecret });

/**
 * Waits until the newest scan of `headSha` has reported (check, comment and suggestions all
 * written) and answers its check run; scans run in this process's workers.
 */
async function completedCheck(headSha: string) {
  const deadline = Date.now() + 240_000;
  for (;;) {
    const [row] = await ctx.database.db
      .select()
      .from(pullRequestScans)
      .where(eq(pullRequestScans.headSha, headSha))
      .orderBy(desc(pullRequestScans.createdAt))
      .limit(1);
    const run = github.checkRuns.findLast((candidate) => candidate.headSha === headSha);
    if (row && row.state !== "scanning" && run?.status === "completed") return run;
    if (Date.now() > deadline) throw new Error(`no report for ${headSha}: ${JSON.stringify([row, run])}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe("a pull request", () => {
  let firstHead: string;

  it("opened: one failing check run with annotations on its changed lines, one comment, suggestions", async () => {
    firstHead = github.commit("acme/app", "feature", { Dockerfile: dockerfile(`${ADDED}\n${PIPED}`) });
    pull = github.openPullRequest("acme/app", 7, "feature");
    const opened = await send("pull_request", github.pullRequestEvent("opened", pull, installation.id));
    expect(opened.statusCode).toBe(202);

    const check = await completedCheck(firstHead);
    expect(check).toMatchObject({ name: "Rampart", conclusion: "failure" });
    expect(check.output.title).toMatch(/^62 new findings: 1 high, 61 low$/);
    // 62 annotations, each on a line the pull request added, sent 50 at a time.
    expect(check.annotations).toHaveLength(62);
    expect(check.batches).toEqual([50, 12]);
    const addedLines = new Set(Array.from({ length: 62 }, (_, index) => index + 4));
    for (const annotation of check.annotations) {
      expect(annotation.path).toBe("Dockerfile");
      expect(addedLines.has(annotation.start_line)).toBe(true);
    }
    // The ADD on the base's own line 3 is not new: not annotated.
    expect(check.annotations.some((annotation) => annotation.start_line === 3)).toBe(false);

    const comments = github.issueComments.filter((comment) => comment.number === 7);
    expect(comments).toHaveLength(1);
    expect(comments[0]!.body).toContain(COMMENT_MARKER);
    expect(comments[0]!.body).toContain("❌ Rampart: 62 new findings");
    expect(comments[0]!.body).toContain("| high | 1 |");
    expect(comments[0]!.body).toContain("**Controls affected**");

    // One suggestion per mechanically fixable new finding on a changed line, up to the cap.
    const suggestions = github.reviewComments.filter((comment) => comment.number === 7);
    expect(suggestions).toHaveLength(MAX_SUGGESTIONS);
    expect(suggestions[0]).toMatchObject({ path: "Dockerfile", commitId: firstHead });
    expect(suggestions[0]!.body).toMatch(/```suggestion\nCOPY f\d+\.js \/app\/\n```/);

    // The run is a PR run, compared with a scan of the merge base.
    const runs = await ctx.database.db.select().from(policyRuns);
    expect(runs.map((run) => run.triggeredBy).sort()).toEqual(["pr-base:7", "pr:7"]);
    expect(runs.find((run) => run.triggeredBy === "pr:7")!.commitSha).toBe(firstHead);
  }, 300_000);

  it("pushed to again: its own check run, the same comment updated, no suggestion twice", async () => {
    const secondHead = github.commit("acme/app", "feature", { Dockerfile: dockerfile(ADDED) });
    const pushed = await send("pull_request", github.pullRequestEvent("synchronize", pull, installation.id));
    expect(pushed.statusCode).toBe(202);

    const check = await completedCheck(secondHead);
    // Only low findings are new now: below the gate.
    expect(check.conclusion).toBe("success");
    expect(check.output.title).toBe("60 new findings: 60 low");
    expect(github.checkRuns.filter((run) => run.repository === "acme/app")).toHaveLength(2);
    expect((await completedCheck(firstHead)).conclusion).toBe("failure");

    const comments = github.issueComments.filter((comment) => comment.number === 7);
    expect(comments).toHaveLength(1);
    expect(comments[0]!.body).toContain("✅ Rampart: 60 new findings");
    expect(comments[0]!.body).not.toContain("| high | 1 |");
    expect(github.reviewComments.filter((comment) => comment.number === 7)).toHaveLength(MAX_SUGGESTIONS);

    // The merge base's run was reused, not scanned again.
    const runs = await ctx.database.db.select().from(policyRuns);
    expect(runs.map((run) => run.triggeredBy).sort()).toEqual(["pr-base:7", "pr:7", "pr:7"]);
  }, 300_000);

  it("runs again when the check is re-requested on GitHub", async () => {
    const head = github.checkRuns.at(-1)!;
    const before = github.checkRuns.length;
    const rerun = await send("check_run", github.checkRunRerequestedEvent(head, pull, installation.id));
    expect(rerun.statusCode).toBe(202);
    const check = await completedCheck(head.headSha);
    expect(github.checkRuns).toHaveLength(before + 1);
    expect(check).toBe(github.checkRuns.at(-1));
    expect(github.checkRuns.at(-1)).toMatchObject({ headSha: head.headSha, conclusion: "success" });
    expect(github.issueComments.filter((comment) => comment.number === 7)).toHaveLength(1);
  }, 300_000);

  it("leaves the repository's posture to its branch runs", async () => {
    // Only pull-request runs exist: none of them is the repository's current state.
    const latest = await asTenant(owner.tenantId, () =>
      createPostureRepo(ctx.services.db).latestRuns(owner.tenantId),
    );
    expect(latest).toEqual([]);
    const rows = await ctx.database.db.select().from(pullRequestScans).where(eq(pullRequestScans.number, 7));
    expect(rows.map((row) => row.state)).toEqual(["reported", "reported", "reported"]);
  }, 300_000);
});
