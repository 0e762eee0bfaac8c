import { attestations, findings, ledgerCheckpoints, policyRuns } from "@rampart/db/schema";
import { and, desc, eq, isNull } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleRepository } from "../../test/git-repo.ts";
import { asTenant, createTestContext, signUp, type TestContext } from "../../test/harness.ts";
import { pdfText } from "../../test/pdf-text.ts";

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUp>>;
let stranger: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  const { root, path: repo } = sampleRepository("ml-pipeline", "01-initial");
  ctx = await createTestContext({ localRepositoryRoots: [root] });

  // A name outside WinAnsi: the check mark must not break the PDF.
  owner = await signUp(ctx.app, { tenantName: "Zürich Ops ✓" });
  stranger = await signUp(ctx.app);
  await call("POST", `/api/tenants/${owner.tenantId}/repositories`, { location: repo });
  const scan = await call("POST", "/api/runs/trigger", { tenantId: owner.tenantId });
  if (scan.statusCode !== 200) throw new Error(scan.body);
}, 120_000);
afterAll(() => ctx.close());

function call(method: "GET" | "POST", url: string, payload?: object, cookie = owner.cookie) {
  return ctx.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
}

/** The PDF's text: its lines, the line after a label (key/value rows), and all of it without spaces. */
async function readPdf(body: Buffer) {
  expect(body.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  expect((await PDFDocument.load(body)).getPageCount()).toBeGreaterThanOrEqual(1);
  const { lines } = await pdfText(body);
  return {
    lines,
    after: (label: string) => lines[lines.indexOf(label) + 1],
    // Wrapped cells come out as consecutive lines; joined without spaces they read whole again.
    flat: lines.join("").replaceAll(" ", ""),
  };
}

const squeeze = (text: string) => text.replaceAll(" ", "");

describe("evidence export as PDF", () => {
  it("reports the period's runs, findings, chain, checkpoint and key, and records the export", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const before = await asTenant(owner.tenantId, () => ctx.services.ledger.headAndRoot(owner.tenantId));
    const key = (await call("GET", "/api/evidence/public-key")).json();
    const [run] = await ctx.database.db
      .select()
      .from(policyRuns)
      .where(eq(policyRuns.tenantId, owner.tenantId));
    const open = await ctx.database.db
      .select()
      .from(findings)
      .where(and(eq(findings.runId, run!.id), eq(findings.status, "fail"), isNull(findings.waiverId)));
    expect(open.length).toBeGreaterThan(0);

    const response = await call(
      "GET",
      `/api/tenants/${owner.tenantId}/evidence/export?from=${today}&to=${today}&format=pdf`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["content-disposition"]).toBe(
      `attachment; filename="evidence-export-${today}-to-${today}.pdf"`,
    );
    const pdf = await readPdf(response.rawPayload);

    expect(pdf.lines).toContain("Evidence Report");
    expect(pdf.after("Organization")).toBe("Zürich Ops ?");
    expect(pdf.after("Period")).toBe(`${today} to ${today} (UTC, end day included)`);
    expect(pdf.after("Policy runs in period")).toMatch(/^1 \(/);
    expect(pdf.after("Open findings")).toMatch(new RegExp(`^${open.length} `));
    expect(pdf.after("Head hash")).toBe(before!.head);
    expect(pdf.after("Export head hash")).toBe(before!.head);
    expect(pdf.after("Tree size")).toBe(String(before!.treeSize));
    expect(pdf.after("Root hash")).toBe(before!.rootHash);
    expect(pdf.after("Fingerprint (SHA-256)")).toBe(key.fingerprint);
    // The signed note itself, down to its signature (the last word of its last line).
    const [checkpoint] = await ctx.database.db
      .select()
      .from(ledgerCheckpoints)
      .where(eq(ledgerCheckpoints.tenantId, owner.tenantId))
      .orderBy(desc(ledgerCheckpoints.createdAt))
      .limit(1);
    expect(pdf.lines).toContain(`${checkpoint!.treeSize}`);
    expect(pdf.flat).toContain(checkpoint!.note.trimEnd().split(" ").at(-1));
    expect(pdf.flat).toContain(squeeze("rampart verify <export.json>"));
    // The most severe open finding is listed with its rule and file:line.
    const rank = ["critical", "high", "med", "low"];
    const worst = open.toSorted((a, b) => rank.indexOf(a.severity) - rank.indexOf(b.severity))[0]!;
    expect(pdf.lines).toContain(worst.severity);
    expect(pdf.flat).toContain(squeeze(worst.ruleId));
    expect(pdf.flat).toContain(squeeze(`${worst.filePath}:${worst.line}`));
    // Control results carry the control codes of the run.
    expect(pdf.lines).toContain(worst.controlCode);

    const exports = (await call("GET", `/api/tenants/${owner.tenantId}/evidence?type=evidence_export`)).json()
      .artifacts;
    expect(exports).toHaveLength(1);
    const [recorded] = await asTenant(owner.tenantId, () =>
      ctx.services.ledger.recent(owner.tenantId, 1, "evidence_export"),
    );
    expect(recorded!.content).toMatchObject({
      kind: "evidence-export",
      format: "pdf",
      from: today,
      to: today,
      treeSize: before!.treeSize,
      head: before!.head,
    });
  });

  it("says so when no run was recorded in the period", async () => {
    const response = await call(
      "GET",
      `/api/tenants/${owner.tenantId}/evidence/export?from=2020-01-01&to=2020-01-31&format=pdf`,
    );
    expect(response.statusCode).toBe(200);
    const pdf = await readPdf(response.rawPayload);
    expect(pdf.after("Policy runs in period")).toMatch(/^0 \(/);
    expect(pdf.flat).toContain(squeeze("No policy run was recorded in this period"));
    expect(pdf.after("Entries in this export")).toMatch(/^0 /);
  });

  it("answers 400 to an unknown format and 404 to another tenant's user", async () => {
    const base = `/api/tenants/${owner.tenantId}/evidence/export?from=2026-01-01&to=2026-01-02`;
    const bad = await call("GET", `${base}&format=docx`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toEqual(expect.any(String));
    expect((await call("GET", `${base}&format=pdf`, undefined, stranger.cookie)).statusCode).toBe(404);
  });
});

describe("attestation bundle as PDF", () => {
  it("renders the signed statement with the ledger head, key id, signature and bundle hash", async () => {
    const attestation = (await call("POST", `/api/tenants/${owner.tenantId}/attestations`)).json();
    const envelope = (await call("GET", `/api/attest/bundle/${attestation.id}?format=json`)).json();
    const response = await call("GET", `/api/attest/bundle/${attestation.id}?format=pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["content-disposition"]).toBe(
      `attachment; filename="attestation-${attestation.id.slice(0, 8)}.pdf"`,
    );
    const pdf = await readPdf(response.rawPayload);
    const { predicate } = attestation.bundleData;
    expect(pdf.lines).toContain("Compliance Attestation");
    expect(pdf.after("Organization")).toBe(`Zürich Ops ? (${owner.tenantId})`);
    expect(pdf.after("Period")).toBe(`${predicate.period.start} to ${predicate.period.end}`);
    expect(pdf.after("Head hash")).toBe(predicate.ledger.head);
    expect(pdf.after("Key id")).toBe(envelope.signatures[0].keyid);
    expect(pdf.flat).toContain(envelope.signatures[0].sig);
    expect(pdf.after("Bundle hash")).toBe(attestation.bundleHash);
    expect(pdf.lines).toContain(`${predicate.frameworks[0].score}%`);
    expect(pdf.lines).toContain(predicate.controls[0].control);
    expect(pdf.lines).not.toContain("Blockchain anchor");

    // An anchor, when one was really made, is shown.
    await ctx.database.db
      .update(attestations)
      .set({ blockchainAnchor: "anchor-tx-0042" })
      .where(eq(attestations.id, attestation.id));
    const anchored = await readPdf(
      (await call("GET", `/api/attest/bundle/${attestation.id}?format=pdf`)).rawPayload,
    );
    expect(anchored.after("Blockchain anchor")).toBe("anchor-tx-0042");
  });

  it("answers 400 to an unknown format and 404 to another tenant's user", async () => {
    const [row] = await ctx.database.db
      .select()
      .from(attestations)
      .where(eq(attestations.tenantId, owner.tenantId));
    expect((await call("GET", `/api/attest/bundle/${row!.id}?format=docx`)).statusCode).toBe(400);
    expect(
      (await call("GET", `/api/attest/bundle/${row!.id}?format=pdf`, undefined, stranger.cookie)).statusCode,
    ).toBe(404);
  });
});
