// The audit log end to end on both databases: each kind of event is recorded by the request hook
// (sign-in and its failure, sign-out, writes, refused writes, exports, settings), entries cannot be
// changed or removed, and only admins (and auditors while access is on) read a tenant's log.
import type { AuditLogEntry } from "@rampart/contracts/audit";
import { auditLogEntries, memberships } from "@rampart/db/schema";
import {
  auditLogHash,
  exportPublicKeyPem,
  generateKeyPair,
  parseCheckpoint,
  verifyExport,
} from "@rampart/ledger";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asTenant, createTestContext, signIn, signUp, type TestContext } from "../../test/harness.ts";
import { pdfText } from "../../test/pdf-text.ts";

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUp>>;
let member: Awaited<ReturnType<typeof signUp>>;
let auditor: Awaited<ReturnType<typeof signUp>>;
let stranger: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await signUp(ctx.app, { tenantName: "Audited Org" });
  member = await signUp(ctx.app);
  auditor = await signUp(ctx.app);
  stranger = await signUp(ctx.app, { tenantName: "Stranger Org" });
  await ctx.database.db.insert(memberships).values([
    { userId: member.userId, tenantId: owner.tenantId, role: "member" },
    { userId: auditor.userId, tenantId: owner.tenantId, role: "auditor" },
  ]);
}, 60_000);
afterAll(() => ctx.close());

type Method = "GET" | "POST" | "PATCH" | "DELETE";
const send = (method: Method, url: string, cookie: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

/** The owner's tenant log as the owner reads it, once every pending entry is written. */
async function log(query = "", cookie = owner.cookie): Promise<AuditLogEntry[]> {
  await ctx.services.auditLog.settled();
  const response = await send("GET", `/api/tenants/${owner.tenantId}/audit-log${query}`, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().entries;
}

describe("recording", () => {
  it("records an invitation, and the account joining by its link, in the organization joined, never the token", async () => {
    const email = `invited-${Date.now()}@example.test`;
    const invited = await send("POST", `/api/tenants/${owner.tenantId}/invitations`, owner.cookie, {
      email,
      role: "auditor",
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const link: string = invited.json().link;
    const token = link.slice(link.lastIndexOf("/") + 1);
    const joined = await ctx.app.inject({
      method: "POST",
      url: `/api/invitations/${token}/register`,
      payload: { name: "Invited Auditor", password: "correct horse battery" },
    });
    expect(joined.statusCode, joined.body).toBe(201);
    const entries = await log();
    const created = entries.find((entry) => entry.action === "invitation.create");
    expect(created).toMatchObject({ result: "success", actor: { email: owner.email } });
    const registered = entries.find((entry) => entry.action === "invitation.register");
    expect(registered).toMatchObject({ result: "success", actor: { email }, target: null });
    expect(JSON.stringify(entries)).not.toContain(token);
  });

  it("records a sign-in, a failed sign-in and a sign-out under each organization of the account", async () => {
    const cookie = await signIn(ctx.app, member.email, member.password);
    const failed = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: member.email.toUpperCase(), password: "not the password" },
      headers: { "x-forwarded-for": "203.0.113.9" },
    });
    expect(failed.statusCode).toBe(401);
    expect((await send("POST", "/api/auth/logout", cookie)).statusCode).toBe(200);

    const entries = await log(`?actor=${encodeURIComponent(member.email)}`);
    const [signOut, failure, signInEntry] = entries;
    expect(signOut).toMatchObject({
      action: "auth.sign-out",
      result: "success",
      statusCode: 200,
      tenantId: owner.tenantId,
      actor: { userId: member.userId, email: member.email },
    });
    expect(failure).toMatchObject({
      action: "auth.sign-in",
      result: "denied",
      statusCode: 401,
      // A failed attempt names the e-mail tried, not the account's owner.
      actor: { userId: null, email: member.email },
      target: null,
      method: "POST",
      route: "/api/auth/login",
    });
    // Without TRUST_PROXY the forwarded header is not believed.
    expect(failure!.clientAddress).toBe("127.0.0.1");
    expect(signInEntry).toMatchObject({
      action: "auth.sign-in",
      result: "success",
      actor: { userId: member.userId, email: member.email },
    });
    // The member's own organization lists the same sign-in.
    const own = await send("GET", `/api/tenants/${member.tenantId}/audit-log?action=auth.`, member.cookie);
    expect(own.json().entries.map((entry: AuditLogEntry) => entry.action)).toContain("auth.sign-in");
  });

  it("never stores a password or a request body", async () => {
    await ctx.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: owner.email, password: "hunter2-secret-guess" },
    });
    await ctx.services.auditLog.settled();
    const rows = await ctx.database.db.select().from(auditLogEntries);
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain("hunter2");
  });

  it("keeps a sign-in attempt for an unknown e-mail at instance level", async () => {
    await ctx.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "nobody@example.test", password: "whatever it is" },
    });
    await ctx.services.auditLog.settled();
    const rows = await ctx.database.db
      .select()
      .from(auditLogEntries)
      .where(eq(auditLogEntries.actorEmail, "nobody@example.test"));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ tenantId: null, action: "auth.sign-in", result: "denied" });
  });

  it("records a write with the record it created, and a settings change", async () => {
    const created = await send("POST", `/api/tenants/${owner.tenantId}/trusted-keys`, owner.cookie, {
      name: "CI builder",
      publicKeyPem: exportPublicKeyPem(generateKeyPair().publicKey),
    });
    expect(created.statusCode, created.body).toBe(201);
    const settings = await send("PATCH", `/api/tenants/${owner.tenantId}/settings`, owner.cookie, {
      auditorAccessEnabled: false,
    });
    expect(settings.statusCode).toBe(200);

    const [change, trustedKey] = await log(`?actor=${encodeURIComponent(owner.email)}`);
    expect(change).toMatchObject({
      action: "tenant.settings.update",
      target: owner.tenantId,
      result: "success",
      method: "PATCH",
      route: "/api/tenants/:tenantId/settings",
      actor: { userId: owner.userId, email: owner.email },
    });
    expect(trustedKey).toMatchObject({
      action: "trusted-key.add",
      target: created.json().id,
      statusCode: 201,
      result: "success",
    });
  });

  it("records refused writes as denied: a member's admin-only write and a body that fails validation", async () => {
    const refused = await send("PATCH", `/api/tenants/${owner.tenantId}/settings`, member.cookie, {
      auditorAccessEnabled: true,
    });
    expect(refused.statusCode).toBe(403);
    const invalid = await send("PATCH", `/api/tenants/${owner.tenantId}/auditor-access`, member.cookie, {
      enabled: "yes",
    });
    expect(invalid.statusCode).toBe(400);

    const entries = await log(`?actor=${encodeURIComponent(member.email)}&result=denied&action=tenant.`);
    expect(entries.map((entry) => [entry.action, entry.statusCode])).toEqual([
      ["tenant.auditor-access.update", 400],
      ["tenant.settings.update", 403],
    ]);
  });

  it("records an export and a download", async () => {
    const exported = await send(
      "GET",
      `/api/tenants/${owner.tenantId}/evidence/export?from=2026-01-01&to=2099-12-31`,
      owner.cookie,
    );
    expect(exported.statusCode).toBe(200);
    const sbom = await send("GET", `/api/tenants/${owner.tenantId}/sbom`, member.cookie);
    expect(sbom.statusCode).toBe(200);

    const entries = await log("?result=success");
    expect(entries[0]).toMatchObject({
      action: "sbom.export",
      actor: { userId: member.userId },
      tenantId: owner.tenantId,
    });
    expect(entries[1]).toMatchObject({ action: "evidence.export", target: owner.tenantId });
    // Reads that hand nothing out are not recorded.
    expect(entries.some((entry) => entry.method === "GET" && entry.action.startsWith("GET "))).toBe(false);
  });

  it("does not put another tenant's user's probe into the tenant's log", async () => {
    const probe = await send("PATCH", `/api/tenants/${owner.tenantId}/settings`, stranger.cookie, {
      auditorAccessEnabled: true,
    });
    expect(probe.statusCode).toBe(404);
    expect(await log(`?actor=${encodeURIComponent(stranger.email)}`)).toEqual([]);
    // It is still kept, at instance level.
    const rows = await ctx.database.db
      .select()
      .from(auditLogEntries)
      .where(eq(auditLogEntries.actorUserId, stranger.userId));
    expect(rows.find((row) => row.action === "tenant.settings.update")).toMatchObject({
      tenantId: null,
      result: "denied",
      statusCode: 404,
    });
  });
});

describe("append-only", () => {
  it("refuses to update, delete or truncate an entry", async () => {
    await log();
    const db = ctx.database.db;
    await expect(db.execute(sql`update audit_log_entries set action = 'forged'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from audit_log_entries`)).rejects.toThrow();
    await expect(db.execute(sql`truncate audit_log_entries`)).rejects.toThrow();
    expect(await db.$count(auditLogEntries)).toBeGreaterThan(5);
  });
});

describe("reading the log", () => {
  it("answers 404 to another tenant's user, 403 to a member, and to an auditor while access is off", async () => {
    const url = `/api/tenants/${owner.tenantId}/audit-log`;
    expect((await send("GET", url, stranger.cookie)).statusCode).toBe(404);
    expect((await send("GET", url, member.cookie)).statusCode).toBe(403);
    expect((await send("GET", url, auditor.cookie)).statusCode).toBe(403);
    const on = await send("PATCH", `/api/tenants/${owner.tenantId}/auditor-access`, owner.cookie, {
      enabled: true,
    });
    expect(on.statusCode).toBe(200);
    const read = await send("GET", url, auditor.cookie);
    expect(read.statusCode).toBe(200);
    expect(read.json().entries.length).toBeGreaterThan(0);
    await send("PATCH", `/api/tenants/${owner.tenantId}/auditor-access`, owner.cookie, { enabled: false });
    expect((await send("GET", url, auditor.cookie)).statusCode).toBe(403);
  });

  it("pages newest first by cursor without repeating or skipping an entry", async () => {
    const all = await log("?limit=200");
    expect(all.length).toBeGreaterThan(6);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = (
        await send(
          "GET",
          `/api/tenants/${owner.tenantId}/audit-log?limit=3${cursor ? `&cursor=${cursor}` : ""}`,
          owner.cookie,
        )
      ).json() as { entries: AuditLogEntry[]; nextCursor: string | null };
      seen.push(...page.entries.map((entry) => entry.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.map((entry) => entry.id));
  });

  it("filters by period and refuses a bad cursor or an inverted period", async () => {
    expect(await log("?from=2000-01-01&to=2000-12-31")).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await log(`?from=${today}&to=${today}`)).length).toBeGreaterThan(0);
    const url = `/api/tenants/${owner.tenantId}/audit-log`;
    const badCursor = await send("GET", `${url}?cursor=bm90LWEtY3Vyc29y`, owner.cookie);
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json().error).toBe("cursor: not a cursor of this list");
    const inverted = await send("GET", `${url}?from=2026-02-01&to=2026-01-01`, owner.cookie);
    expect(inverted.statusCode).toBe(400);
    // A wildcard in a filter is matched literally.
    expect(await log("?actor=%25")).toEqual([]);
  });
});

describe("the evidence export", () => {
  const today = new Date().toISOString().slice(0, 10);
  const exportUrl = (format: "json" | "pdf") =>
    `/api/tenants/${owner.tenantId}/evidence/export?from=${today}&to=${today}&format=${format}`;

  it("carries the period's audit entries, covered by the signed checkpoint that rampart verify checks", async () => {
    const entries = await log("?limit=200");
    const response = await send("GET", exportUrl("json"), owner.cookie);
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.auditLog).toMatchObject({ format: "rampart-audit-log", from: today, to: today });
    // Oldest first; everything recorded today up to this export.
    expect(document.auditLog.entries.map((entry: AuditLogEntry) => entry.id)).toEqual(
      entries.map((entry) => entry.id).reverse(),
    );
    expect(document.auditLog.total).toBe(entries.length);
    const checkpoint = parseCheckpoint(document.checkpoint);
    expect(checkpoint.ok && checkpoint.checkpoint.auditLogHash).toBe(auditLogHash(document.auditLog));
    const publicKey = (await send("GET", "/api/evidence/public-key", owner.cookie)).json().publicKeyPem;
    const report = verifyExport(document, { trustedPublicKey: publicKey });
    expect(report.checks.filter((check) => check.status === "fail")).toEqual([]);
    expect(report.checks.find((check) => check.id === "audit-log")).toMatchObject({ status: "pass" });

    // The chain's record of the export names the audit log that left.
    const [recorded] = await asTenant(owner.tenantId, () =>
      ctx.services.ledger.recent(owner.tenantId, 1, "evidence_export"),
    );
    expect(recorded!.content).toMatchObject({
      auditLogHash: auditLogHash(document.auditLog),
      auditLogEntries: entries.length,
    });

    // One changed entry no longer verifies.
    document.auditLog.entries[0].actor.email = "someone-else@example.test";
    expect(verifyExport(document).checks.find((check) => check.id === "audit-log")).toMatchObject({
      status: "fail",
    });
  });

  it("lists the audit log in the PDF, and leaves it out of a member's export", async () => {
    const pdf = await send("GET", exportUrl("pdf"), owner.cookie);
    expect(pdf.statusCode).toBe(200);
    // Table cells wrap: compare without the line breaks.
    const text = (await pdfText(pdf.rawPayload)).lines.join("");
    expect(text).toContain("Audit log hash (signed)");
    expect(text).toContain(owner.email);

    const members = await send("GET", exportUrl("json"), member.cookie);
    expect(members.statusCode).toBe(200);
    expect(members.json().auditLog).toBeUndefined();
    expect(parseCheckpoint(members.json().checkpoint)).toMatchObject({ ok: true });
    expect(verifyExport(members.json()).checks.find((check) => check.id === "audit-log")).toMatchObject({
      status: "skip",
    });
  });
});
