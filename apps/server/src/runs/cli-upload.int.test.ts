// `rampart scan --upload` end to end: the real CLI, spawned in a test git repository, scans it and
// sends the run to a real listening server, where it is on Policy Runs; a refused upload is exit
// code 3 and one line on stderr.
import { rmSync } from "node:fs";
import { evidenceArtifacts } from "@rampart/db/schema";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CI_VARIABLES } from "../../../../packages/cli/src/upload.ts";
import { runRampart } from "../../../../packages/cli/test/run-rampart.ts";
import { git, type SampleRepository, sampleRepository } from "../../test/git-repo.ts";
import { createTestContext, signUp, type TestContext } from "../../test/harness.ts";

let ctx: TestContext;
let sample: SampleRepository;
let user: Awaited<ReturnType<typeof signUp>>;
let serverUrl: string;
let head: string;

/** Runs the CLI as CI would: only the variables a test gives, none of the machine's own CI's. */
function rampart(args: string[], env: Record<string, string>) {
  const cleared = Object.fromEntries(CI_VARIABLES.map((name) => [name, ""]));
  return runRampart(sample.path, args, { ...cleared, ...env });
}

async function createToken(name: string) {
  const response = await ctx.app.inject({
    method: "POST",
    url: `/api/tenants/${user.tenantId}/api-tokens`,
    headers: { cookie: user.cookie },
    payload: { name, scopes: ["runs:upload"], expiresInDays: 7 },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; secret: string };
}

async function policyRuns() {
  const response = await ctx.app.inject({
    url: `/api/tenants/${user.tenantId}/runs`,
    headers: { cookie: user.cookie },
  });
  expect(response.statusCode).toBe(200);
  return response.json().runs as { id: string; repo: string; commitSha: string; triggeredBy: string }[];
}

beforeAll(async () => {
  sample = sampleRepository("cloud-platform", "01-initial");
  git(sample.path, "remote", "add", "origin", "https://gitlab.example.test/platform/cloud-platform.git");
  head = git(sample.path, "rev-parse", "HEAD");
  ctx = await createTestContext();
  user = await signUp(ctx.app, { tenantName: "CI Org" });
  await ctx.app.listen({ host: "127.0.0.1", port: 0 });
  const address = ctx.app.server.address();
  if (!address || typeof address === "string") throw new Error("the server is not listening on a port");
  serverUrl = `http://127.0.0.1:${address.port}`;
}, 60_000);
afterAll(async () => {
  await ctx.close();
  rmSync(sample.root, { recursive: true, force: true });
});

describe("rampart scan --upload", () => {
  it("scans a git checkout and creates a run on Policy Runs, named from its remote, commit and branch", async () => {
    const token = await createToken("Jenkins");
    const run = await rampart(["scan", ".", "--upload", serverUrl], { RAMPART_TOKEN: token.secret });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const printed =
      /Uploaded run ([0-9a-f]{8}) of platform\/cloud-platform \((pass|fail|skip), \d+ failed\): (\S+)\n$/.exec(
        run.stdout,
      );
    expect(printed, run.stdout).not.toBeNull();

    const [latest] = await policyRuns();
    expect(latest).toMatchObject({ repo: "platform/cloud-platform", commitSha: head, triggeredBy: "upload" });
    expect(latest!.id.slice(0, 8)).toBe(printed![1]);
    expect(printed![3]).toBe(`${serverUrl}/runs?run=${latest!.id}`);
    const [entry] = await ctx.database.db
      .select()
      .from(evidenceArtifacts)
      .where(and(eq(evidenceArtifacts.runId, latest!.id), eq(evidenceArtifacts.artifactType, "run")));
    expect(entry!.content).toMatchObject({ branch: "main", upload: { tokenName: "Jenkins" } });
  }, 180_000);

  it("takes the commit and branch from GitLab CI's variables, keeping stdout for the JSON report", async () => {
    const token = await createToken("GitLab CI");
    const commit = "b".repeat(40);
    const run = await rampart(
      ["scan", ".", "--format", "json", "--upload", `${serverUrl}/`, "--repository", "platform/infra"],
      { RAMPART_TOKEN: token.secret, CI_COMMIT_SHA: commit, CI_COMMIT_BRANCH: "feature/tls" },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).version).toBe(1);
    expect(run.stderr).toMatch(/^Uploaded run [0-9a-f]{8} of platform\/infra /);
    const [latest] = await policyRuns();
    expect(latest).toMatchObject({ repo: "platform/infra", commitSha: commit, triggeredBy: "upload" });
    const [entry] = await ctx.database.db
      .select()
      .from(evidenceArtifacts)
      .where(and(eq(evidenceArtifacts.runId, latest!.id), eq(evidenceArtifacts.artifactType, "run")));
    expect(entry!.content).toMatchObject({ branch: "feature/tls" });
  }, 180_000);

  it("exits 3 with one line on stderr when the server refuses the upload", async () => {
    const token = await createToken("revoked");
    await ctx.app.inject({
      method: "DELETE",
      url: `/api/tenants/${user.tenantId}/api-tokens/${token.id}`,
      headers: { cookie: user.cookie },
    });
    const before = await policyRuns();
    const run = await rampart(["scan", ".", "--upload", serverUrl], { RAMPART_TOKEN: token.secret });
    expect(run.code).toBe(3);
    expect(run.stderr).toBe(
      "rampart: upload failed: 401 This API token was revoked: ask an admin for a new one\n",
    );
    expect(await policyRuns()).toEqual(before);
  }, 180_000);

  it("refuses a token on the command line and an upload without RAMPART_TOKEN before scanning", async () => {
    const onCommandLine = await rampart(["scan", ".", "--upload", serverUrl, "--token=rmp_x"], {});
    expect(onCommandLine.code).toBe(2);
    expect(onCommandLine.stderr).toContain("the token is read from RAMPART_TOKEN only");
    const withoutToken = await rampart(["scan", ".", "--upload", serverUrl], { RAMPART_TOKEN: "" });
    expect(withoutToken.code).toBe(2);
    expect(withoutToken.stderr).toBe(
      "rampart: --upload needs an API token in RAMPART_TOKEN (System Settings → API Tokens)\n",
    );
    expect(withoutToken.stdout).toBe("");
  }, 60_000);
});
