// GET /api/tenants/:tenantId/pr-suggestions pages newest first by an opaque cursor. Suggestions
// are written straight to the table (opening real fixes takes a scan each): several share one
// creation instant, which the number must order so no page repeats or skips one.
import { prSuggestions } from "@rampart/db/schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, signUp, type TestContext } from "../../test/harness.ts";
import { insertRepositoryWithRun } from "../../test/repository-with-run.ts";

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUp>>;
let stranger: Awaited<ReturnType<typeof signUp>>;

const get = (url: string, cookie = owner.cookie) => ctx.app.inject({ url, headers: { cookie } });
const list = (query = "", cookie = owner.cookie) =>
  get(`/api/tenants/${owner.tenantId}/pr-suggestions${query}`, cookie);

// Numbers 1..7; 3, 4 and 5 were opened at the same millisecond, as were 6 and 7.
const CREATED: Record<number, string> = {
  1: "2026-11-01T10:00:00.000Z",
  2: "2026-11-02T10:00:00.000Z",
  3: "2026-11-03T10:00:00.000Z",
  4: "2026-11-03T10:00:00.000Z",
  5: "2026-11-03T10:00:00.000Z",
  6: "2026-11-04T10:00:00.000Z",
  7: "2026-11-04T10:00:00.000Z",
};

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await signUp(ctx.app, { tenantName: "Paging Org" });
  stranger = await signUp(ctx.app, { tenantName: "Other Org" });
  const { repository, run } = await insertRepositoryWithRun(ctx, owner.tenantId);
  await ctx.database.db.insert(prSuggestions).values(
    Object.entries(CREATED).map(([number, createdAt]) => ({
      tenantId: owner.tenantId,
      repositoryId: repository.id,
      runId: run.id,
      findingFingerprint: `fingerprint-${number}`,
      fixKey: `fingerprint-${number}`,
      fixedFingerprints: [`fingerprint-${number}`],
      ruleId: "sast/sql-injection",
      kind: "sast" as const,
      number: Number(number),
      branchName: `security/fix/sql-injection-${number}`,
      title: `Fix ${number}`,
      body: "Bind the parameters.",
      patch: "",
      baseCommit: "a".repeat(40),
      headCommit: "b".repeat(40),
      createdAt: new Date(createdAt),
      updatedAt: new Date(createdAt),
    })),
  );
});

afterAll(async () => {
  await ctx?.close();
});

describe("GET /api/tenants/:tenantId/pr-suggestions", () => {
  it("pages newest first, the number ordering equal times, without repeats across pages", async () => {
    const numbers: number[][] = [];
    let cursor: string | null = null;
    do {
      const response = await list(`?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json();
      expect(page.total).toBe(7);
      expect(page.prSuggestions[0]).toMatchObject({ repo: "acme/payments-api", kind: "sast" });
      numbers.push(page.prSuggestions.map((s: { number: number }) => s.number));
      cursor = page.nextCursor;
    } while (cursor && numbers.length < 10);
    expect(numbers).toEqual([[7, 6], [5, 4], [3, 2], [1]]);
  });

  it("sends 50 by default and no cursor when nothing follows", async () => {
    const page = (await list()).json();
    expect(page.prSuggestions.map((s: { number: number }) => s.number)).toEqual([7, 6, 5, 4, 3, 2, 1]);
    expect(page.nextCursor).toBeNull();
    const exact = (await list("?limit=7")).json();
    expect(exact.prSuggestions).toHaveLength(7);
    expect(exact.nextCursor).toBeNull();
  });

  it("answers 400 to a cursor it did not hand out and to a limit out of range", async () => {
    const forged = [
      "not-a-cursor",
      Buffer.from("2026-11-03T10:00:00.000Z|abc").toString("base64url"),
      Buffer.from("2026-11-03T10:00:00.000Z|99999999999").toString("base64url"),
      Buffer.from("+275760-09-13T00:00:00.000Z|4").toString("base64url"),
    ];
    for (const cursor of forged) {
      const response = await list(`?cursor=${encodeURIComponent(cursor)}`);
      expect(response.statusCode, cursor).toBe(400);
      expect(typeof response.json().error).toBe("string");
    }
    for (const limit of ["0", "201", "ten"]) {
      const response = await list(`?limit=${limit}`);
      expect(response.statusCode, limit).toBe(400);
      expect(typeof response.json().error).toBe("string");
    }
  });

  it("answers 404 to another tenant's user, who sees an empty list of their own", async () => {
    const response = await list("", stranger.cookie);
    expect(response.statusCode).toBe(404);
    expect(typeof response.json().error).toBe("string");
    const own = await get(`/api/tenants/${stranger.tenantId}/pr-suggestions`, stranger.cookie);
    expect(own.json()).toEqual({ prSuggestions: [], nextCursor: null, total: 0 });
  });
});
