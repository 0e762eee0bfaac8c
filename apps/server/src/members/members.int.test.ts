// Invitations (single-use, expiring, hashed, e-mailed when SMTP is on), accepting one signed in or
// by registering from the link, role changes, removal, leaving, and the last-admin rule.
import { invitations, memberships } from "@rampart/db/schema";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, signIn, signUp, type TestContext } from "../../test/harness.ts";
import { type SmtpSink, startSmtpSink } from "../../test/smtp-sink.ts";
import {
  INVITATION_EXPIRED,
  INVITATION_NOT_FOUND,
  INVITATION_OTHER_EMAIL,
  INVITATION_REVOKED,
  INVITATION_USED,
  LAST_ADMIN,
  tokenHashOf,
} from "./members.service.ts";

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof signUp>>;

type Method = "GET" | "POST" | "PATCH" | "DELETE";
const send = (method: Method, url: string, cookie?: string, payload?: object) =>
  ctx.app.inject({
    method,
    url,
    ...(cookie ? { headers: { cookie } } : {}),
    ...(payload ? { payload } : {}),
  });

const tokenOf = (link: string) => link.slice(link.lastIndexOf("/") + 1);

async function invite(email: string, role: "admin" | "member" | "auditor", by = admin) {
  const response = await send("POST", `/api/tenants/${by.tenantId}/invitations`, by.cookie, { email, role });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { invitation: { id: string; status: string }; link: string; mailed: boolean };
}

const rolesOf = async (tenantId: string) =>
  Object.fromEntries(
    (await ctx.database.db.select().from(memberships).where(eq(memberships.tenantId, tenantId))).map(
      (row) => [row.userId, row.role],
    ),
  );

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signUp(ctx.app, { tenantName: "Acme" });
}, 60_000);
afterAll(() => ctx.close());

describe("invitations", () => {
  it("shows a single-use link to the admin, stores only its hash, and lets the invited user accept once", async () => {
    const invitee = await signUp(ctx.app);
    const created = await invite(invitee.email, "auditor");
    expect(created.mailed).toBe(false);
    expect(created.link).toMatch(/^http:\/\/rampart\.test\/invite\/[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(created.link);
    const [stored] = await ctx.database.db
      .select()
      .from(invitations)
      .where(eq(invitations.id, created.invitation.id));
    expect(stored!.tokenHash).toBe(tokenHashOf(token));
    expect(JSON.stringify(stored)).not.toContain(token);

    const preview = await send("GET", `/api/invitations/${token}`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({
      tenantName: "Acme",
      email: invitee.email,
      role: "auditor",
      accountExists: true,
    });

    const accepted = await send("POST", `/api/invitations/${token}/accept`, invitee.cookie);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({ tenantId: admin.tenantId, role: "auditor" });
    expect((await rolesOf(admin.tenantId))[invitee.userId]).toBe("auditor");

    const again = await send("POST", `/api/invitations/${token}/accept`, invitee.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(INVITATION_USED);
    const listed = await send("GET", `/api/tenants/${admin.tenantId}/invitations`, admin.cookie);
    expect(listed.json().find((row: { id: string }) => row.id === created.invitation.id).status).toBe(
      "accepted",
    );
  });

  it("refuses another e-mail's user, an expired, a withdrawn and an unknown link with a clear 4xx", async () => {
    const invitee = await signUp(ctx.app);
    const other = await signUp(ctx.app);
    const created = await invite(invitee.email, "member");
    const token = tokenOf(created.link);

    const wrong = await send("POST", `/api/invitations/${token}/accept`, other.cookie);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error).toBe(INVITATION_OTHER_EMAIL);
    expect((await rolesOf(admin.tenantId))[other.userId]).toBeUndefined();

    await ctx.database.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, created.invitation.id));
    for (const response of [
      await send("POST", `/api/invitations/${token}/accept`, invitee.cookie),
      await send("GET", `/api/invitations/${token}`),
      await send("POST", `/api/invitations/${token}/register`, undefined, {
        name: "X",
        password: "long enough pw",
      }),
    ]) {
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toBe(INVITATION_EXPIRED);
    }

    const renewed = await invite(invitee.email, "member");
    const withdrawn = await send(
      "DELETE",
      `/api/tenants/${admin.tenantId}/invitations/${renewed.invitation.id}`,
      admin.cookie,
    );
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().status).toBe("revoked");
    const refused = await send("POST", `/api/invitations/${tokenOf(renewed.link)}/accept`, invitee.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(INVITATION_REVOKED);

    const unknown = await send("POST", `/api/invitations/${"A".repeat(43)}/accept`, invitee.cookie);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(INVITATION_NOT_FOUND);
    const malformed = await send("GET", "/api/invitations/short");
    expect(malformed.statusCode).toBe(400);
  });

  it("lets only the newest link for an address work", async () => {
    const email = `twice-${Date.now()}@example.test`;
    const first = await invite(email, "member");
    const second = await invite(email, "auditor");
    expect((await send("GET", `/api/invitations/${tokenOf(first.link)}`)).json().error).toBe(
      INVITATION_REVOKED,
    );
    expect((await send("GET", `/api/invitations/${tokenOf(second.link)}`)).json().role).toBe("auditor");
  });

  it("refuses to invite someone who is already a member", async () => {
    const response = await send("POST", `/api/tenants/${admin.tenantId}/invitations`, admin.cookie, {
      email: admin.email,
      role: "member",
    });
    expect(response.statusCode).toBe(409);
  });

  it("registers a new account from the link, signs it in, and makes it a member", async () => {
    const email = `new-${Date.now()}@example.test`;
    const created = await invite(email, "member");
    const token = tokenOf(created.link);
    expect((await send("GET", `/api/invitations/${token}`)).json().accountExists).toBe(false);
    const registered = await send("POST", `/api/invitations/${token}/register`, undefined, {
      name: "New Person",
      password: "correct horse battery",
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const cookie = registered.cookies.find((candidate) => candidate.name === "rampart_session");
    expect(cookie).toBeDefined();
    const me = await send("GET", "/api/auth/me", `rampart_session=${cookie!.value}`);
    expect(me.json().user).toMatchObject({
      email,
      memberships: [{ tenantId: admin.tenantId, tenantName: "Acme", role: "member" }],
    });
    const reuse = await send("POST", `/api/invitations/${token}/register`, undefined, {
      name: "Someone Else",
      password: "another long password",
    });
    expect(reuse.statusCode).toBe(409);
    expect(reuse.json().error).toBe(INVITATION_USED);
  });

  it("refuses to register an address that already has an account", async () => {
    const existing = await signUp(ctx.app);
    const created = await invite(existing.email, "member");
    const response = await send("POST", `/api/invitations/${tokenOf(created.link)}/register`, undefined, {
      name: "Impostor",
      password: "long enough password",
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toContain("sign in");
    expect(await signIn(ctx.app, existing.email, existing.password)).toContain("rampart_session=");
  });
});

describe("invitations by e-mail", () => {
  let sink: SmtpSink;
  let mailing: TestContext;
  beforeAll(async () => {
    sink = await startSmtpSink();
    mailing = await createTestContext({ services: { SMTP_URL: sink.url } });
  }, 60_000);
  afterAll(async () => {
    await mailing.close();
    await sink.close();
  });

  it("sends the link through SMTP and says so", async () => {
    const sender = await signUp(mailing.app, { tenantName: "Mailing Org" });
    const email = `mailed-${Date.now()}@example.test`;
    const response = await mailing.app.inject({
      method: "POST",
      url: `/api/tenants/${sender.tenantId}/invitations`,
      headers: { cookie: sender.cookie },
      payload: { email, role: "auditor" },
    });
    expect(response.statusCode, response.body).toBe(201);
    const { link, mailed } = response.json();
    expect(mailed).toBe(true);
    const mail = await sink.waitFor((candidate) => candidate.to.includes(email));
    expect(mail.subject).toBe("You are invited to Mailing Org on Rampart");
    expect(mail.text).toContain(link);
    expect(mail.text).toContain("as auditor");
  });
});

describe("members and roles", () => {
  it("lets an admin change a role and remove a member; a member gets 403 and another tenant's user 404", async () => {
    const member = await signUp(ctx.app);
    const accepted = await send(
      "POST",
      `/api/invitations/${tokenOf((await invite(member.email, "member")).link)}/accept`,
      member.cookie,
    );
    expect(accepted.statusCode).toBe(200);
    const stranger = await signUp(ctx.app);

    const listed = await send("GET", `/api/tenants/${admin.tenantId}/members`, member.cookie);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().map((row: { email: string }) => row.email)).toEqual(
      expect.arrayContaining([admin.email, member.email]),
    );
    const target = `/api/tenants/${admin.tenantId}/members/${member.userId}`;
    for (const [method, url, payload] of [
      ["PATCH", target, { role: "admin" }],
      ["DELETE", target, undefined],
      ["POST", `/api/tenants/${admin.tenantId}/invitations`, { email: "x@example.test", role: "member" }],
      ["GET", `/api/tenants/${admin.tenantId}/invitations`, undefined],
    ] as const) {
      const byMember = await send(method, url, member.cookie, payload);
      expect(byMember.statusCode, `${method} ${url}`).toBe(403);
      const byStranger = await send(method, url, stranger.cookie, payload);
      expect(byStranger.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await send("GET", `/api/tenants/${admin.tenantId}/members`, stranger.cookie)).statusCode).toBe(
      404,
    );

    const changed = await send("PATCH", target, admin.cookie, { role: "auditor" });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ userId: member.userId, role: "auditor" });
    const removed = await send("DELETE", target, admin.cookie);
    expect(removed.statusCode).toBe(200);
    expect((await rolesOf(admin.tenantId))[member.userId]).toBeUndefined();
    expect((await send("GET", `/api/tenants/${admin.tenantId}`, member.cookie)).statusCode).toBe(404);
    expect((await send("DELETE", target, admin.cookie)).statusCode).toBe(404);
  });

  it("never lets the last admin leave, be demoted or be removed", async () => {
    const founder = await signUp(ctx.app);
    const base = `/api/tenants/${founder.tenantId}`;
    for (const response of [
      await send("POST", `${base}/leave`, founder.cookie),
      await send("PATCH", `${base}/members/${founder.userId}`, founder.cookie, { role: "member" }),
      await send("DELETE", `${base}/members/${founder.userId}`, founder.cookie),
    ]) {
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toBe(LAST_ADMIN);
    }
    const second = await signUp(ctx.app);
    await send(
      "POST",
      `/api/invitations/${tokenOf((await invite(second.email, "admin", founder)).link)}/accept`,
      second.cookie,
    );

    // Both admins leave at once: the admins are counted under a lock, so exactly one may go.
    const [one, two] = await Promise.all([
      send("POST", `${base}/leave`, founder.cookie),
      send("POST", `${base}/leave`, second.cookie),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 409]);
    const admins = Object.values(await rolesOf(founder.tenantId)).filter((role) => role === "admin");
    expect(admins).toHaveLength(1);
  });

  it("lets a member or an auditor leave", async () => {
    const auditor = await signUp(ctx.app);
    await send(
      "POST",
      `/api/invitations/${tokenOf((await invite(auditor.email, "auditor")).link)}/accept`,
      auditor.cookie,
    );
    const left = await send("POST", `/api/tenants/${admin.tenantId}/leave`, auditor.cookie);
    expect(left.statusCode, left.body).toBe(200);
    const rows = await ctx.database.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.tenantId, admin.tenantId), eq(memberships.userId, auditor.userId)));
    expect(rows).toEqual([]);
    expect((await send("POST", `/api/tenants/${admin.tenantId}/leave`, auditor.cookie)).statusCode).toBe(404);
  });
});
