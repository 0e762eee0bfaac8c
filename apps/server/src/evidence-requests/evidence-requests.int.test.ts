// Evidence requests end to end through the API: a control's request through its states as the
// clock passes periods (and the control's compliance following), the auditor's thread, uploads
// that must be refused, records, reminders by e-mail, and another tenant's user kept out.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { withDatabaseContext } from "@rampart/db/context";
import { evidenceArtifacts, memberships } from "@rampart/db/schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, signUp, type TestContext } from "../../test/harness.ts";
import { type SmtpSink, startSmtpSink } from "../../test/smtp-sink.ts";
import { sendEvidenceReminders } from "./evidence-reminders.job.ts";
import { buildZip } from "./zip-builder.test-helper.ts";

let ctx: TestContext;
let sink: SmtpSink;
let clock = new Date("2026-03-15T12:00:00Z");
type User = Awaited<ReturnType<typeof signUp>>;
let admin: User;
let member: User;
let auditor: User;
let stranger: User;

const PDF = readFileSync(path.join(import.meta.dirname, "fixtures/minutes.pdf"));
const PNG = readFileSync(path.join(import.meta.dirname, "fixtures/screenshot.png"));
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120)]);

const base = () => `/api/tenants/${admin.tenantId}/evidence-requests`;
const get = (url: string, user: User) => ctx.app.inject({ url, headers: { cookie: user.cookie } });
const send = (method: "POST" | "PATCH", url: string, user: User, payload?: object) =>
  ctx.app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });
/** Each upload a second after the last, as a person makes them: the newest file is listed first. */
const upload = (requestId: string, user: User, body: Buffer, contentType: string, fileName: string) => {
  clock = new Date(clock.getTime() + 1000);
  return ctx.app.inject({
    method: "POST",
    url: `${base()}/${requestId}/submissions?fileName=${encodeURIComponent(fileName)}&note=${encodeURIComponent("for the audit")}`,
    headers: { cookie: user.cookie, "content-type": contentType },
    payload: body,
  });
};

interface Request {
  id: string;
  controlCode: string;
  evidenceKey: string;
  state: string;
  periodStart: string;
  overdue: boolean;
  atRisk: boolean;
  validUntil: string | null;
  owner: { email: string } | null;
}

async function requestsOf(controlCode: string, user: User = admin): Promise<Request[]> {
  const response = await get(`${base()}?controlCode=${controlCode}`, user);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().requests;
}

/** The status of one control as SOC 2's compliance shows it under its requirement. */
async function controlStatus(code: string, query = "") {
  const response = await get(`/api/compliance/soc2?tenantId=${admin.tenantId}${query}`, admin);
  expect(response.statusCode, response.body).toBe(200);
  const rows = response.json().controls as {
    controls: { code: string; status: string; atRisk: boolean }[];
    missing: { controlCode: string; evidenceKey: string; owner: string | null }[];
  }[];
  const row = rows.find((candidate) => candidate.controls.some((control) => control.code === code));
  return {
    status: row?.controls.find((control) => control.code === code)?.status,
    atRisk: row?.controls.find((control) => control.code === code)?.atRisk,
    missing: row?.missing.filter((item) => item.controlCode === code) ?? [],
  };
}

beforeAll(async () => {
  sink = await startSmtpSink();
  ctx = await createTestContext({
    services: {
      now: () => clock,
      EVIDENCE_MAX_MB: 1,
      SMTP_URL: sink.url,
    },
  });
  admin = await signUp(ctx.app, { tenantName: "Evidence Org" });
  member = await signUp(ctx.app);
  auditor = await signUp(ctx.app);
  stranger = await signUp(ctx.app, { tenantName: "Stranger Org" });
  await ctx.database.db.insert(memberships).values([
    { userId: member.userId, tenantId: admin.tenantId, role: "member" },
    { userId: auditor.userId, tenantId: admin.tenantId, role: "auditor" },
  ]);
}, 60_000);
afterAll(async () => {
  await ctx.close();
  await sink.close();
});

describe("a control's evidence request through its periods", () => {
  it("goes missing → submitted → accepted → expired, and the control's status follows", async () => {
    const [request] = await requestsOf("ORG-GOV-02");
    expect(request).toMatchObject({
      evidenceKey: "oversight-minutes",
      state: "missing",
      periodStart: "2026-01-01T00:00:00.000Z",
      overdue: false,
    });
    expect(await requestsOf("ORG-GOV-02")).toHaveLength(1); // listing again makes no second request
    expect((await controlStatus("ORG-GOV-02")).status).toBe("fail");

    const owned = await send("PATCH", `${base()}/${request!.id}`, admin, { ownerId: member.userId });
    expect(owned.statusCode, owned.body).toBe(200);
    expect(owned.json().owner.email).toBe(member.email);
    expect((await controlStatus("ORG-GOV-02")).missing).toEqual([
      expect.objectContaining({ evidenceKey: "oversight-minutes", owner: member.email }),
    ]);

    const submitted = await upload(request!.id, member, PDF, "application/pdf", "board-minutes.pdf");
    expect(submitted.statusCode, submitted.body).toBe(201);
    const detail = submitted.json();
    expect(detail.request.state).toBe("submitted");
    expect(detail.submissions[0]).toMatchObject({
      fileName: "board-minutes.pdf",
      contentType: "application/pdf",
      sizeBytes: PDF.length,
      review: "pending",
      note: "for the audit",
    });
    expect((await controlStatus("ORG-GOV-02")).status).toBe("fail");

    // Reviewing is an admin's.
    const submissionId = detail.submissions[0].id;
    const review = `${base()}/${request!.id}/submissions/${submissionId}/review`;
    expect((await send("POST", review, member, { decision: "accept" })).statusCode).toBe(403);
    const accepted = await send("POST", review, admin, { decision: "accept" });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().request).toMatchObject({
      state: "accepted",
      validUntil: "2028-01-01T00:00:00.000Z",
    });
    expect((await send("POST", review, admin, { decision: "accept" })).statusCode).toBe(409);
    expect((await controlStatus("ORG-GOV-02")).status).toBe("pass");

    // The file's hash and the review are entries of the evidence ledger.
    const entries = await ctx.database.db
      .select()
      .from(evidenceArtifacts)
      .where(eq(evidenceArtifacts.tenantId, admin.tenantId));
    const file = entries.find((entry) => entry.artifactType === "evidence_file");
    expect(file?.content).toMatchObject({
      requestId: request!.id,
      controlCode: "ORG-GOV-02",
      evidenceKey: "oversight-minutes",
      fileName: "board-minutes.pdf",
      sha256: detail.submissions[0].sha256,
      sizeBytes: PDF.length,
      contentType: "application/pdf",
    });
    expect(entries.find((entry) => entry.artifactType === "evidence_review")?.content).toMatchObject({
      decision: "accept",
      submissionId,
    });

    // Near the end of its validity it is at risk, and still passes.
    clock = new Date("2027-12-10T09:00:00Z");
    const reminders = (await get(`/api/tenants/${admin.tenantId}/evidence-reminders`, admin)).json();
    expect(reminders.atRisk.map((item: Request) => item.id)).toContain(request!.id);
    expect(await controlStatus("ORG-GOV-02")).toMatchObject({ status: "pass", atRisk: true });

    // Past the next period's due date it has expired; the new period's request is missing.
    clock = new Date("2028-01-02T09:00:00Z");
    const later = await requestsOf("ORG-GOV-02");
    expect(later.map((item) => [item.periodStart.slice(0, 4), item.state])).toEqual([
      ["2028", "missing"],
      ["2027", "missing"],
      ["2026", "expired"],
    ]);
    expect(later[1]!.overdue).toBe(true);
    expect((await controlStatus("ORG-GOV-02")).status).toBe("fail");

    // Type I at an earlier date: accepted by then and valid then; not before the review.
    expect((await controlStatus("ORG-GOV-02", "&view=type1&at=2026-06-01T00:00:00Z")).status).toBe("pass");
    expect((await controlStatus("ORG-GOV-02", "&view=type1&at=2026-03-01T00:00:00Z")).status).toBe("fail");
    // Type II: every yearly period of the window needs its own accepted evidence.
    const window = (from: string, to: string) => `&view=type2&from=${from}&to=${to}`;
    expect(
      (await controlStatus("ORG-GOV-02", window("2026-04-01T00:00:00Z", "2026-12-01T00:00:00Z"))).status,
    ).toBe("pass");
    expect(
      (await controlStatus("ORG-GOV-02", window("2026-04-01T00:00:00Z", "2027-06-01T00:00:00Z"))).status,
    ).toBe("fail");
    const backwards = await get(
      `/api/compliance/soc2?tenantId=${admin.tenantId}${window("2026-06-01T00:00:00Z", "2026-01-01T00:00:00Z")}`,
      admin,
    );
    expect(backwards.statusCode).toBe(400);

    // Overdue requests: an owner sees their own; an admin sees all.
    const overdue = later[1]!;
    await send("PATCH", `${base()}/${overdue.id}`, admin, { ownerId: member.userId });
    const mine = (await get(`/api/tenants/${admin.tenantId}/evidence-reminders`, member)).json();
    expect(mine.overdue.map((item: Request) => item.id)).toEqual([overdue.id]);
    const all = (await get(`/api/tenants/${admin.tenantId}/evidence-reminders`, admin)).json();
    expect(all.overdue.length).toBeGreaterThan(1);

    // The daily job mails the owner once per 24 hours.
    const daily = () => withDatabaseContext({ kind: "system" }, () => sendEvidenceReminders(reminderDeps()));
    expect(await daily()).toBe(1);
    const mail = await sink.waitFor((candidate) => candidate.to.includes(member.email));
    expect(mail.subject).toBe("Overdue evidence for Evidence Org");
    expect(mail.text).toContain("ORG-GOV-02 · Minutes of the security oversight review");
    expect(await daily()).toBe(0);
    clock = new Date("2028-01-03T10:00:00Z");
    expect(await daily()).toBe(1);
  });

  it("refuses an owner who is not a member, and a file for an expired request", async () => {
    const requests = await requestsOf("ORG-GOV-02");
    const expired = requests.find((item) => item.state === "expired")!;
    const notMember = await send("PATCH", `${base()}/${expired.id}`, admin, { ownerId: stranger.userId });
    expect(notMember.statusCode).toBe(400);
    expect(notMember.json().error).toBe("ownerId: not a member of this organization");
    const late = await upload(expired.id, member, PDF, "application/pdf", "minutes.pdf");
    expect(late.statusCode).toBe(409);
  });
});

function reminderDeps() {
  return {
    db: ctx.services.db,
    evidenceRequests: ctx.services.evidenceRequests,
    mailer: ctx.services.mailer,
    now: () => clock,
  };
}

describe("the auditor's thread", () => {
  it("lets an auditor ask and a member answer in the same thread, only while auditor access is on", async () => {
    const [request] = await requestsOf("ORG-GOV-03");
    const comments = `${base()}/${request!.id}/comments`;
    const off = await send("POST", comments, auditor, { body: "Please send the org chart." });
    expect(off.statusCode).toBe(403);
    expect((await get(comments, auditor)).statusCode).toBe(403);
    const enabled = await send("PATCH", `/api/tenants/${admin.tenantId}/auditor-access`, admin, {
      enabled: true,
    });
    expect(enabled.statusCode, enabled.body).toBe(200);

    const asked = await send("POST", comments, auditor, { body: "Please send the org chart." });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json()).toMatchObject({ authorRole: "auditor", author: { email: auditor.email } });
    clock = new Date(clock.getTime() + 60_000);
    const answered = await send("POST", comments, member, { body: "Uploaded the current one." });
    expect(answered.statusCode).toBe(201);
    for (const reader of [auditor, member]) {
      const thread = (await get(comments, reader)).json();
      expect(
        thread.map((comment: { authorRole: string; body: string }) => [comment.authorRole, comment.body]),
      ).toEqual([
        ["auditor", "Please send the org chart."],
        ["member", "Uploaded the current one."],
      ]);
    }
    expect((await get(`${base()}/${request!.id}`, auditor)).json().request.commentCount).toBe(2);
  });

  it("lets an auditor request more evidence, not a member, and shows auditors accepted files only", async () => {
    const body = {
      controlCode: "ORG-GOV-03",
      title: "Segregation of duties matrix",
      dueAt: "2028-02-01T00:00:00Z",
      ownerId: member.userId,
    };
    expect((await send("POST", base(), member, body)).statusCode).toBe(403);
    const created = await send("POST", base(), auditor, body);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      source: "auditor",
      state: "missing",
      requestedBy: { email: auditor.email },
      owner: { email: member.email },
      cadence: "once",
    });
    const unknown = await send("POST", base(), auditor, { ...body, controlCode: "NOPE-01" });
    expect(unknown.statusCode).toBe(400);

    const id = created.json().id;
    expect((await upload(id, member, PDF, "application/pdf", "matrix.pdf")).statusCode).toBe(201);
    expect((await get(`${base()}/${id}`, auditor)).json().submissions).toEqual([]);
    expect((await get(`${base()}/${id}`, member)).json().submissions).toHaveLength(1);
  });
});

describe("uploads", () => {
  let requestId: string;
  beforeAll(async () => {
    const [request] = await requestsOf("ORG-GOV-01");
    requestId = request!.id;
  });

  it("refuses a file over EVIDENCE_MAX_MB with 413", async () => {
    const big = Buffer.alloc(1024 * 1024 + 1, 0x61);
    const response = await upload(requestId, member, big, "text/plain", "big.txt");
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toContain("1 MiB");
  });

  it("refuses content that is not its declared type, and executables whatever they claim", async () => {
    const png = await upload(requestId, member, PNG, "application/pdf", "minutes.pdf");
    expect(png.statusCode).toBe(422);
    expect(png.json().error).toBe("The file was sent as PDF but its content is not a PDF file");
    const elf = await upload(requestId, member, ELF, "text/plain", "notes.txt");
    expect(elf.statusCode).toBe(422);
    expect(elf.json().error).toBe("The file is a Linux executable: executables are not accepted as evidence");
    const exe = await upload(requestId, member, Buffer.from("hello"), "application/x-msdownload", "a.exe");
    expect(exe.statusCode).toBe(415);
    expect(exe.json().error).toMatch(
      /^Files of type application\/x-msdownload are not accepted\. Evidence can be PDF/,
    );
  });

  it("refuses an empty file and a name that is nothing but path", async () => {
    const empty = await upload(requestId, member, Buffer.alloc(0), "text/plain", "empty.txt");
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe("The file is empty");
    const nameless = await upload(requestId, member, Buffer.from("x"), "text/plain", "../..");
    expect(nameless.statusCode).toBe(400);
  });

  it("refuses a zip with an entry leaving its folder, and takes a clean one", async () => {
    const traversal = buildZip([{ name: "../x", content: "x" }]);
    const refused = await upload(requestId, member, traversal, "application/zip", "evidence.zip");
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toContain("leaves the archive's folder");
    const clean = buildZip([{ name: "review/notes.txt", content: "reviewed", deflate: true }]);
    expect((await upload(requestId, member, clean, "application/zip", "evidence.zip")).statusCode).toBe(201);
  });

  it("keeps a path-traversing name as its base name and serves the file back as an attachment", async () => {
    const content = Buffer.from("policy set approved by the board\n");
    const response = await upload(requestId, member, content, "text/plain", "../../etc/passwd");
    expect(response.statusCode, response.body).toBe(201);
    const submission = response.json().submissions[0];
    expect(submission.fileName).toBe("passwd");

    const fileUrl = `${base()}/${requestId}/submissions/${submission.id}/file`;
    const download = await get(fileUrl, member);
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-disposition"]).toBe(
      `attachment; filename="passwd"; filename*=UTF-8''passwd`,
    );
    expect(download.headers["x-content-type-options"]).toBe("nosniff");
    expect(download.headers["content-type"]).toBe("application/octet-stream");
    expect(download.rawPayload.equals(content)).toBe(true);
    // Not accepted yet: an auditor does not get it.
    expect((await get(fileUrl, auditor)).statusCode).toBe(404);

    // A file changed in the store no longer matches its ledger hash: it is not served.
    const sha = submission.sha256 as string;
    writeFileSync(path.join(ctx.services.config.DATA_DIR, "evidence", sha.slice(0, 2), sha), "tampered\n");
    const tampered = await get(fileUrl, member);
    expect(tampered.statusCode).toBe(409);
    expect(tampered.json().error).toBe("The stored file no longer matches the hash recorded in the ledger");
  });

  it("serves images and PDF with their own type", async () => {
    const [request] = await requestsOf("ORG-GOV-03");
    const response = await upload(request!.id, member, PNG, "image/png", "chart.png");
    expect(response.statusCode, response.body).toBe(201);
    const submission = response.json().submissions[0];
    const download = await get(`${base()}/${request!.id}/submissions/${submission.id}/file`, admin);
    expect(download.headers["content-type"]).toBe("image/png");
  });
});

describe("records Rampart produces", () => {
  it("submits the logging review as a JSON record, and refuses a record for a document request", async () => {
    const [request] = await requestsOf("ORG-LOG-01").then((items) =>
      items.filter((item) => item.evidenceKey === "audit-log-review"),
    );
    const produced = await send("POST", `${base()}/${request!.id}/record`, member);
    expect(produced.statusCode, produced.body).toBe(201);
    const submission = produced.json().submissions[0];
    expect(submission).toMatchObject({
      contentType: "application/json",
      fileName: "logging-review-2028-01-01.json",
    });
    expect(produced.json().request.state).toBe("submitted");
    const file = await get(`${base()}/${request!.id}/submissions/${submission.id}/file`, member);
    const record = JSON.parse(file.body);
    expect(record).toMatchObject({
      record: "logging-review",
      controlCode: "ORG-LOG-01",
      allVerificationsValid: true,
    });

    const [document] = await requestsOf("ORG-GOV-02");
    const refused = await send("POST", `${base()}/${document!.id}/record`, member);
    expect(refused.statusCode).toBe(400);
  });

  it("produces the access review and the vulnerability SLA report", async () => {
    const access = (await requestsOf("ORG-ACC-01")).find(
      (item) => item.evidenceKey === "rampart-access-review",
    )!;
    {
      const produced = await send("POST", `${base()}/${access.id}/record`, admin);
      expect(produced.statusCode, produced.body).toBe(201);
      const submission = produced.json().submissions[0];
      const record = (await get(`${base()}/${access.id}/submissions/${submission.id}/file`, admin)).json();
      expect(record.members.map((item: { email: string; role: string }) => [item.email, item.role])).toEqual(
        expect.arrayContaining([
          [admin.email, "admin"],
          [member.email, "member"],
        ]),
      );
    }
    const sla = (await requestsOf("ORG-VUL-01")).find((item) => item.evidenceKey === "sla-report")!;
    const produced = await send("POST", `${base()}/${sla.id}/record`, admin);
    expect(produced.statusCode, produced.body).toBe(201);
    const submission = produced.json().submissions[0];
    const record = (await get(`${base()}/${sla.id}/submissions/${submission.id}/file`, admin)).json();
    expect(record.slaDays).toEqual({ critical: 7, high: 30, med: 90, low: 180 });
    expect(record.bySeverity.critical).toEqual({ slaDays: 7, open: 0, overSla: 0 });
  });
});

describe("another tenant's user", () => {
  it("gets 404 on every evidence request route", async () => {
    const [request] = await requestsOf("ORG-GOV-03");
    const detail = (await get(`${base()}/${request!.id}`, admin)).json();
    const submissionId = detail.submissions[0].id;
    const t = admin.tenantId;
    const r = `/api/tenants/${t}/evidence-requests/${request!.id}`;
    const attempts: {
      method: "GET" | "POST" | "PATCH";
      url: string;
      payload?: object | Buffer;
      type?: string;
    }[] = [
      { method: "GET", url: `/api/tenants/${t}/evidence-requests` },
      {
        method: "POST",
        url: `/api/tenants/${t}/evidence-requests`,
        payload: { controlCode: "ORG-GOV-03", title: "x", dueAt: "2029-01-01T00:00:00Z" },
      },
      { method: "GET", url: r },
      { method: "PATCH", url: r, payload: { dueAt: "2029-01-01T00:00:00Z" } },
      {
        method: "POST",
        url: `${r}/submissions?fileName=a.txt`,
        payload: Buffer.from("x"),
        type: "text/plain",
      },
      { method: "POST", url: `${r}/submissions/${submissionId}/review`, payload: { decision: "accept" } },
      { method: "GET", url: `${r}/submissions/${submissionId}/file` },
      { method: "POST", url: `${r}/record` },
      { method: "GET", url: `${r}/comments` },
      { method: "POST", url: `${r}/comments`, payload: { body: "hello" } },
      { method: "GET", url: `/api/tenants/${t}/evidence-reminders` },
    ];
    const failures: string[] = [];
    for (const attempt of attempts) {
      const response = await ctx.app.inject({
        method: attempt.method,
        url: attempt.url,
        headers: { cookie: stranger.cookie, ...(attempt.type ? { "content-type": attempt.type } : {}) },
        ...(attempt.payload ? { payload: attempt.payload } : {}),
      });
      if (response.statusCode !== 404 || typeof response.json().error !== "string")
        failures.push(`${attempt.method} ${attempt.url}: ${response.statusCode}`);
    }
    expect(failures).toEqual([]);
    // The same request id under the stranger's own tenant is not found either.
    const own = await get(`/api/tenants/${stranger.tenantId}/evidence-requests/${request!.id}`, stranger);
    expect(own.statusCode).toBe(404);
  });
});
