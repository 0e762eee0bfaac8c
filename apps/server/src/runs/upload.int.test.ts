// POST /api/runs/upload: a CI scan sent with an API token becomes a run like the server's own scan
// of the same commit (findings, control evaluation, ledger); bad, revoked or expired tokens get 401,
// another tenant's repository 404, an oversized or malformed upload its reason, and each token its
// own rate limit.
import { rmSync } from "node:fs";
import { apiTokens, evidenceArtifacts, policyRuns } from "@rampart/db/schema";
import type { ScanReport } from "@rampart/engine/output/json";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { git, type SampleRepository, sampleRepository } from "../../test/git-repo.ts";
import { createTestContext, signUp, type TestContext } from "../../test/harness.ts";
import { scanReport } from "../../test/scan-report.ts";
import { BEARER_REQUIRED } from "../api-tokens/api-token-guard.ts";
import { TOKEN_NOT_VALID, TOKEN_REVOKED } from "../api-tokens/api-tokens.service.ts";
import { newTokenSecret } from "../api-tokens/token-secret.ts";
import { UPLOADED_ONLY } from "../code-host/code-host.ts";

type User = Awaited<ReturnType<typeof signUp>>;

let ctx: TestContext;
let sample: SampleRepository;
let owner: User;
let stranger: User;
let ownerToken: { id: string; secret: string; name: string };
let strangerToken: { id: string; secret: string };
let repositoryId: string;
let commit: string;
let report: ScanReport;

async function createToken(user: User, name = "GitLab CI") {
  const response = await ctx.app.inject({
    method: "POST",
    url: `/api/tenants/${user.tenantId}/api-tokens`,
    headers: { cookie: user.cookie },
    payload: { name, scopes: ["runs:upload"], expiresInDays: 30 },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; secret: string; name: string };
}

/** As the CLI sends it: JSON, a bearer token, no cookie and no Origin. */
function upload(secret: string | undefined, payload: object | string, headers: Record<string, string> = {}) {
  return ctx.app.inject({
    method: "POST",
    url: "/api/runs/upload",
    headers: {
      origin: undefined,
      "content-type": "application/json",
      ...(secret ? { authorization: `Bearer ${secret}` } : {}),
      ...headers,
    },
    payload: typeof payload === "string" ? payload : JSON.stringify(payload),
  });
}

const runsOf = async (tenantId: string) =>
  ctx.database.db.select({ id: policyRuns.id }).from(policyRuns).where(eq(policyRuns.tenantId, tenantId));

beforeAll(async () => {
  sample = sampleRepository("payments-api", "01-initial");
  ctx = await createTestContext({ localRepositoryRoots: [sample.root], app: { UPLOAD_MAX_MB: 1 } });
  owner = await signUp(ctx.app, { tenantName: "Uploading Org" });
  stranger = await signUp(ctx.app, { tenantName: "Stranger Org" });
  ownerToken = await createToken(owner);
  strangerToken = await createToken(stranger);
  const registered = await ctx.app.inject({
    method: "POST",
    url: `/api/tenants/${owner.tenantId}/repositories`,
    headers: { cookie: owner.cookie },
    payload: { location: sample.path, name: "acme/payments-api", scanSchedule: null },
  });
  expect(registered.statusCode, registered.body).toBe(201);
  repositoryId = registered.json().id;
  commit = git(sample.path, "rev-parse", "HEAD");
  report = await scanReport(sample.path, ctx.services);
}, 120_000);
afterAll(async () => {
  await ctx.close();
  rmSync(sample.root, { recursive: true, force: true });
});

interface RunFinding {
  ruleId: string;
  status: string;
  fingerprint: string;
  controlId: string;
  waived: boolean;
}
const comparable = (findings: RunFinding[]) =>
  findings.map((f) => [f.ruleId, f.status, f.fingerprint, f.controlId, f.waived].join(" ")).sort();

describe("run upload", () => {
  it("stores an uploaded scan as the server's own scan of the same commit is stored, in the ledger", async () => {
    const triggered = await ctx.app.inject({
      method: "POST",
      url: "/api/runs/trigger",
      headers: { cookie: owner.cookie },
      payload: { tenantId: owner.tenantId, repo: "acme/payments-api" },
    });
    expect(triggered.statusCode, triggered.body).toBe(200);
    const scanned = (
      await ctx.app.inject({ url: `/api/runs/${triggered.json().runId}`, headers: { cookie: owner.cookie } })
    ).json();

    const uploaded = await upload(ownerToken.secret, {
      repository: repositoryId,
      commit,
      branch: "main",
      report,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const answer = uploaded.json();
    expect(answer).toMatchObject({
      repositoryId,
      repo: "acme/payments-api",
      repositoryCreated: false,
      status: scanned.run.status,
      failedCount: scanned.run.failedCount,
    });
    expect(answer.url).toMatch(new RegExp(`/runs\\?run=${answer.id}$`));

    // On Policy Runs like any other run.
    const runs = await ctx.app.inject({
      url: `/api/tenants/${owner.tenantId}/runs`,
      headers: { cookie: owner.cookie },
    });
    expect(runs.json().runs[0]).toMatchObject({
      id: answer.id,
      repo: "acme/payments-api",
      commitSha: commit,
      triggeredBy: "upload",
      status: scanned.run.status,
      selfHash: answer.selfHash,
    });
    const detail = (
      await ctx.app.inject({ url: `/api/runs/${answer.id}`, headers: { cookie: owner.cookie } })
    ).json();
    expect(scanned.findings.some((finding: RunFinding) => finding.status === "fail")).toBe(true);
    expect(comparable(detail.findings)).toEqual(comparable(scanned.findings));
    expect(detail.analyzers).toEqual(scanned.analyzers);

    // Its ledger entries, the run's naming the upload; the run's self hash is the entry's hash.
    expect(
      detail.evidenceArtifacts.map((artifact: { artifactType: string }) => artifact.artifactType),
    ).toEqual(["finding", "run"]);
    const [entry] = await ctx.database.db
      .select()
      .from(evidenceArtifacts)
      .where(and(eq(evidenceArtifacts.runId, answer.id), eq(evidenceArtifacts.artifactType, "run")));
    expect(entry!.hash).toBe(answer.selfHash);
    expect(entry!.content).toMatchObject({
      kind: "policy-run",
      commitSha: commit,
      triggeredBy: "upload",
      branch: "main",
      upload: { tokenId: ownerToken.id, tokenName: "GitLab CI" },
    });
    const verified = await ctx.app.inject({
      method: "POST",
      url: `/api/tenants/${owner.tenantId}/evidence/verify`,
      headers: { cookie: owner.cookie },
    });
    expect(verified.json().chain).toMatchObject({ isValid: true });

    // The token's last use, and the audit log naming the token.
    const [token] = await ctx.database.db.select().from(apiTokens).where(eq(apiTokens.id, ownerToken.id));
    expect(token!.lastUsedAt).not.toBeNull();
    await ctx.services.auditLog.settled();
    const log = await ctx.app.inject({
      url: `/api/tenants/${owner.tenantId}/audit-log?action=run.upload`,
      headers: { cookie: owner.cookie },
    });
    expect(log.json().entries[0]).toMatchObject({
      action: "run.upload",
      target: answer.id,
      result: "success",
      actor: { userId: null, email: "api-token:GitLab CI" },
    });
  });

  it("creates a repository of source upload for a name the organization has none of, once", async () => {
    const first = await upload(ownerToken.secret, { repository: "gitlab-group/billing", commit, report });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ repo: "gitlab-group/billing", repositoryCreated: true });
    // Sent from a CI runner that names an origin of its own: a bearer token is no browser's.
    const second = await upload(
      ownerToken.secret,
      { repository: "gitlab-group/billing", commit, branch: null, report },
      { origin: "https://ci.example.test" },
    );
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json()).toMatchObject({
      repositoryId: first.json().repositoryId,
      repositoryCreated: false,
    });

    const listed = await ctx.app.inject({
      url: `/api/tenants/${owner.tenantId}/repositories`,
      headers: { cookie: owner.cookie },
    });
    expect(listed.json()).toContainEqual(
      expect.objectContaining({ name: "gitlab-group/billing", source: "upload", scanSchedule: null }),
    );
    // Rampart has no copy of its code: it cannot scan it itself.
    const scan = await ctx.app.inject({
      method: "POST",
      url: "/api/runs/trigger",
      headers: { cookie: owner.cookie },
      payload: { tenantId: owner.tenantId, repo: "gitlab-group/billing" },
    });
    expect(scan.statusCode).toBe(400);
    expect(scan.json().error).toBe(`gitlab-group/billing: ${UPLOADED_ONLY}`);
    const scheduled = await ctx.app.inject({
      method: "PATCH",
      url: `/api/tenants/${owner.tenantId}/repositories/${first.json().repositoryId}`,
      headers: { cookie: owner.cookie },
      payload: { scanSchedule: "0 4 * * *" },
    });
    expect(scheduled.statusCode).toBe(400);
    expect(scheduled.json().error).toBe(`scanSchedule: ${UPLOADED_ONLY}`);
  });

  it("answers 401 to a missing, malformed, unknown, revoked or expired token, and stores nothing", async () => {
    const body = { repository: repositoryId, commit, report };
    const before = await runsOf(owner.tenantId);
    const cases: [string | undefined, Record<string, string>, string][] = [
      [undefined, {}, BEARER_REQUIRED],
      [undefined, { authorization: "Basic dXNlcjpwYXNz" }, BEARER_REQUIRED],
      ["not-a-token", {}, TOKEN_NOT_VALID],
      [newTokenSecret(), {}, TOKEN_NOT_VALID],
      [undefined, { cookie: owner.cookie }, BEARER_REQUIRED],
    ];
    for (const [secret, headers, reason] of cases) {
      const response = await upload(secret, body, headers);
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toBe(reason);
    }

    const revoked = await createToken(owner, "revoked");
    await ctx.app.inject({
      method: "DELETE",
      url: `/api/tenants/${owner.tenantId}/api-tokens/${revoked.id}`,
      headers: { cookie: owner.cookie },
    });
    const refused = await upload(revoked.secret, body);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toBe(TOKEN_REVOKED);

    const expired = await createToken(owner, "expired");
    await ctx.database.db
      .update(apiTokens)
      .set({ expiresAt: new Date("2025-01-31T00:00:00Z") })
      .where(eq(apiTokens.id, expired.id));
    const late = await upload(expired.secret, body);
    expect(late.statusCode).toBe(401);
    expect(late.json().error).toBe("This API token expired on 2025-01-31: ask an admin for a new one");

    const unscoped = await createToken(owner, "unscoped");
    await ctx.database.db.update(apiTokens).set({ scopes: [] }).where(eq(apiTokens.id, unscoped.id));
    const scopeless = await upload(unscoped.secret, body);
    expect(scopeless.statusCode).toBe(403);
    expect(scopeless.json().error).toContain("does not have the runs:upload scope");

    expect(await runsOf(owner.tenantId)).toEqual(before);
    // The refused token's attempts are in its organization's audit log.
    await ctx.services.auditLog.settled();
    const log = await ctx.app.inject({
      url: `/api/tenants/${owner.tenantId}/audit-log?action=run.upload&result=denied`,
      headers: { cookie: owner.cookie },
    });
    expect(log.json().entries.map((entry: { actor: { email: string } }) => entry.actor.email)).toEqual([
      "api-token:unscoped",
      "api-token:expired",
      "api-token:revoked",
    ]);
  });

  it("answers 403 to a token of a closed organization", async () => {
    const closing = await signUp(ctx.app);
    const token = await createToken(closing);
    const closed = await ctx.app.inject({
      method: "DELETE",
      url: `/api/tenants/${closing.tenantId}`,
      headers: { cookie: closing.cookie },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const response = await upload(token.secret, { repository: "acme/api", commit, report });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toContain("This organization is closed");
  });

  it("answers 404 to a token of another tenant naming this tenant's repository id", async () => {
    const before = await runsOf(owner.tenantId);
    const response = await upload(strangerToken.secret, { repository: repositoryId, commit, report });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe("Repository not found");
    // A name is only ever looked up in the token's own tenant.
    const byName = await upload(strangerToken.secret, { repository: "acme/payments-api", commit, report });
    expect(byName.statusCode, byName.body).toBe(201);
    expect(byName.json()).toMatchObject({ repositoryCreated: true });
    expect(byName.json().repositoryId).not.toBe(repositoryId);
    expect(await runsOf(owner.tenantId)).toEqual(before);
  });

  it("refuses an oversized or malformed upload with the reason, and stores nothing", async () => {
    const before = await runsOf(owner.tenantId);
    const valid = { repository: repositoryId, commit, report };
    const oversized = { ...valid, padding: "x".repeat(1_200_000) };
    const tooLarge = await upload(ownerToken.secret, oversized);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error).toBe("The request body is larger than 1 MiB, the most this route accepts");
    // Without a token the body is not even read.
    expect((await upload(undefined, oversized)).statusCode).toBe(401);

    const firstFinding = report.findings[0]!;
    const cases: [object | string, string][] = [
      ['{"repository": ', "Body is not valid JSON"],
      [{ repository: repositoryId, commit }, "report"],
      [{ ...valid, commit: "main" }, "commit: expected a full commit SHA (40 or 64 hex digits)"],
      [{ ...valid, repository: "../../etc" }, "repository: expected a repository id or a name"],
      [
        { ...valid, report: { ...report, findings: [{ ...firstFinding, fingerprint: "abc" }] } },
        "report.findings.0.fingerprint",
      ],
      [{ ...valid, report: { ...report, version: 2 } }, "report.version"],
      [
        { ...valid, report: { ...report, tool: { name: "Rampart", version: "0.0.1" } } },
        "this report was made by Rampart 0.0.1",
      ],
    ];
    for (const [payload, reason] of cases) {
      const response = await upload(ownerToken.secret, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(response.json().error).toContain(reason);
    }
    expect(await runsOf(owner.tenantId)).toEqual(before);
  });
});

describe("run upload rate limit", () => {
  let limited: TestContext;
  afterAll(() => limited?.close());

  it("limits each token on its own", async () => {
    limited = await createTestContext({ app: { UPLOADS_PER_MINUTE: 2 } });
    const user = await signUp(limited.app);
    const make = async (name: string) =>
      (
        await limited.app.inject({
          method: "POST",
          url: `/api/tenants/${user.tenantId}/api-tokens`,
          headers: { cookie: user.cookie },
          payload: { name, scopes: ["runs:upload"], expiresInDays: 1 },
        })
      ).json().secret as string;
    const busy = await make("busy");
    const quiet = await make("quiet");
    const send = (secret: string) =>
      limited.app.inject({
        method: "POST",
        url: "/api/runs/upload",
        headers: { authorization: `Bearer ${secret}` },
        payload: { repository: "x", commit: "0".repeat(40) },
      });
    expect((await send(busy)).statusCode).toBe(400);
    expect((await send(busy)).statusCode).toBe(400);
    const third = await send(busy);
    expect(third.statusCode).toBe(429);
    expect(third.json().error).toMatch(/^Too many requests/);
    expect((await send(quiet)).statusCode).toBe(400);
  }, 60_000);
});
