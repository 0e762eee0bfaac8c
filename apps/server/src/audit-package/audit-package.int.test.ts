// The audit package end to end: evidence accepted for a request, a policy approved and
// acknowledged, each recorded in the ledger as the evidence and policy routes record them; the
// package is downloaded through the API, verified offline by the `rampart` CLI, and fails with the
// evidence file named once one byte of it changes. Type I and Type II scopes pick the right
// evidence; an auditor with access off gets 403 and another tenant's user 404.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  evidenceRequests,
  evidenceSubmissions,
  memberships,
  policies,
  policyAcknowledgements,
  policyVersions,
  tenants,
} from "@rampart/db/schema";
import { type AuditPackageManifest, MANIFEST_PATH, verifyAuditPackage } from "@rampart/ledger";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ZipFile } from "yazl";
import { readPackageZip } from "../../../../packages/cli/src/audit-package-zip.ts";
import { runRampart } from "../../../../packages/cli/test/run-rampart.ts";
import { asTenant, createTestContext, signUp, type TestContext } from "../../test/harness.ts";
import { sha256Hex } from "../evidence-store/evidence-store.ts";

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUp>>;
let member: Awaited<ReturnType<typeof signUp>>;
let auditor: Awaited<ReturnType<typeof signUp>>;
let stranger: Awaited<ReturnType<typeof signUp>>;
let dir: string;

const DAY = 86_400_000;
const CURRENT_EVIDENCE = Buffer.from(
  "Q4 access review: 14 accounts reviewed, 2 removed, signed off by CTO.\n",
);
const EXPIRED_EVIDENCE = Buffer.from("Q2 access review: 12 accounts reviewed, none removed.\n");
const POLICY_BODY = "# Access control policy\n\nAccess to production is reviewed every quarter.\n";

type Transaction = Parameters<Parameters<TestContext["database"]["db"]["transaction"]>[0]>[0];

/** An accepted submission with its file in the store and its `evidence_file` ledger entry, in one transaction. */
async function acceptedEvidence(input: {
  bytes: Buffer;
  fileName: string;
  periodStart: Date;
  validUntil: Date;
  reviewedAt: Date;
}) {
  const sha256 = sha256Hex(input.bytes);
  const stored = await ctx.services.evidenceStore.put(input.bytes, sha256);
  await ctx.database.db.transaction(async (tx: Transaction) => {
    const [request] = await tx
      .insert(evidenceRequests)
      .values({
        tenantId: owner.tenantId,
        controlCode: "ORG-ACCESS-REVIEW",
        evidenceKey: "quarterly-access-review",
        title: "Quarterly access review",
        kind: "document",
        cadence: "quarterly",
        source: "control",
        state: "accepted",
        ownerId: owner.userId,
        periodStart: input.periodStart,
        periodEnd: input.validUntil,
        dueAt: input.validUntil,
        validUntil: input.validUntil,
      })
      .returning();
    const artifact = await ctx.services.ledger.append(tx, {
      tenantId: owner.tenantId,
      artifactType: "evidence_file",
      // Recorded when it was submitted, a little before its review: the ledger up to a past date holds it.
      createdAt: new Date(input.reviewedAt.getTime() - 60_000),
      content: {
        kind: "evidence-file",
        requestId: request!.id,
        controlCode: "ORG-ACCESS-REVIEW",
        evidenceKey: "quarterly-access-review",
        fileName: input.fileName,
        sha256,
        sizeBytes: input.bytes.length,
        contentType: "text/plain",
      },
    });
    const [submission] = await tx
      .insert(evidenceSubmissions)
      .values({
        tenantId: owner.tenantId,
        requestId: request!.id,
        fileName: input.fileName,
        contentType: "text/plain",
        sizeBytes: input.bytes.length,
        sha256,
        storage: stored.storage,
        storageKey: stored.key,
        ledgerArtifactId: artifact.id,
        submittedById: member.userId,
        submittedAt: new Date(input.reviewedAt.getTime() - 60_000),
        review: "accepted",
        reviewedById: owner.userId,
        reviewedAt: input.reviewedAt,
      })
      .returning();
    await tx
      .update(evidenceRequests)
      .set({ currentSubmissionId: submission!.id })
      .where(eq(evidenceRequests.id, request!.id));
  });
}

/** A policy whose version 1 is approved and acknowledged by the member, each step in the ledger. */
async function adoptedPolicy() {
  const sha256 = sha256Hex(Buffer.from(POLICY_BODY));
  await ctx.database.db.transaction(async (tx: Transaction) => {
    const [policy] = await tx
      .insert(policies)
      .values({
        tenantId: owner.tenantId,
        key: "access-control",
        title: "Access control",
        controlCodes: ["ORG-ACCESS-REVIEW"],
      })
      .returning();
    const approval = await ctx.services.ledger.append(tx, {
      tenantId: owner.tenantId,
      artifactType: "policy_approval",
      createdAt: new Date(Date.now() - 5 * DAY),
      content: { policyId: policy!.id, key: "access-control", version: 1, sha256, approvedBy: owner.userId },
    });
    const [version] = await tx
      .insert(policyVersions)
      .values({
        tenantId: owner.tenantId,
        policyId: policy!.id,
        version: 1,
        body: POLICY_BODY,
        sha256,
        approvedById: owner.userId,
        approvedAt: new Date(Date.now() - 5 * DAY),
        approvalArtifactId: approval.id,
      })
      .returning();
    const acknowledgement = await ctx.services.ledger.append(tx, {
      tenantId: owner.tenantId,
      artifactType: "policy_acknowledgement",
      createdAt: new Date(Date.now() - 4 * DAY),
      content: { policyId: policy!.id, key: "access-control", version: 1, sha256, userId: member.userId },
    });
    await tx.insert(policyAcknowledgements).values({
      tenantId: owner.tenantId,
      policyVersionId: version!.id,
      userId: member.userId,
      acknowledgedAt: new Date(Date.now() - 4 * DAY),
      ledgerArtifactId: acknowledgement.id,
    });
  });
}

const download = (query: string, cookie = owner.cookie) =>
  ctx.app.inject({ url: `/api/tenants/${owner.tenantId}/audit-package?${query}`, headers: { cookie } });

function manifestOf(files: Map<string, Uint8Array>): AuditPackageManifest {
  return JSON.parse(Buffer.from(files.get(MANIFEST_PATH)!).toString("utf8"));
}

/** The files back into a zip, as someone who changed one would do. */
function rezip(files: Map<string, Uint8Array>): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [name, bytes] of files) zip.addBuffer(Buffer.from(bytes), name);
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on("data", (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on("end", () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on("error", reject);
  });
}

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await signUp(ctx.app, { tenantName: "Packaged Org" });
  member = await signUp(ctx.app);
  auditor = await signUp(ctx.app);
  stranger = await signUp(ctx.app, { tenantName: "Stranger Org" });
  await ctx.database.db.insert(memberships).values([
    { userId: member.userId, tenantId: owner.tenantId, role: "member" },
    { userId: auditor.userId, tenantId: owner.tenantId, role: "auditor" },
  ]);
  const now = Date.now();
  // Last quarter's evidence, expired 20 days ago, and this quarter's, valid for 80 more days.
  await acceptedEvidence({
    bytes: EXPIRED_EVIDENCE,
    fileName: "q2 review.txt",
    periodStart: new Date(now - 110 * DAY),
    validUntil: new Date(now - 20 * DAY),
    reviewedAt: new Date(now - 100 * DAY),
  });
  // In time order, as the ledger records them: the policy was approved between the two reviews.
  await adoptedPolicy();
  await acceptedEvidence({
    bytes: CURRENT_EVIDENCE,
    fileName: "../../etc/q4-review.txt",
    periodStart: new Date(now - 10 * DAY),
    validUntil: new Date(now + 80 * DAY),
    reviewedAt: new Date(now - 1 * DAY),
  });
  dir = mkdtempSync(path.join(tmpdir(), "rampart-audit-package-"));
  const key = await ctx.app.inject({ url: "/api/evidence/public-key" });
  writeFileSync(path.join(dir, "key.json"), key.body);
}, 60_000);
afterAll(async () => {
  await ctx.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("GET /api/tenants/:tenantId/audit-package", () => {
  it("answers a signed Type I package that the CLI verifies offline, and fails one changed byte naming the file", async () => {
    const response = await download("framework=soc2");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe("application/zip");
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers["content-disposition"]).toBe(
      `attachment; filename="audit-package-soc2-${today}.zip"`,
    );

    const files = readPackageZip(response.rawPayload);
    const manifest = manifestOf(files);
    expect(manifest.tenant.name).toBe("Packaged Org");
    expect(manifest.framework.id).toBe("soc2");
    expect(manifest.view).toBe("type1");
    // Only this quarter's evidence is valid today; its name cannot climb out of its folder.
    const evidencePaths = [...files.keys()].filter((name) => name.startsWith("evidence/"));
    expect(evidencePaths).toEqual([
      `evidence/ORG-ACCESS-REVIEW/quarterly-access-review/${sha256Hex(CURRENT_EVIDENCE).slice(0, 12)}-etc_q4-review.txt`,
    ]);
    expect(Buffer.from(files.get(evidencePaths[0]!)!).equals(CURRENT_EVIDENCE)).toBe(true);
    expect(Buffer.from(files.get("policies/access-control/v1.md")!).toString()).toBe(POLICY_BODY);
    const acknowledgements = JSON.parse(
      Buffer.from(files.get("policies/access-control/acknowledgements.json")!).toString(),
    );
    expect(acknowledgements.acknowledgements).toEqual([
      expect.objectContaining({ version: 1, user: member.email }),
    ]);
    expect(manifest.ledgerItems.map((item) => item.kind).sort()).toEqual([
      "evidence-file",
      "policy-acknowledgement",
      "policy-version",
    ]);
    expect(Buffer.from(files.get("control-matrix.csv")!).toString()).toMatch(/^requirement,title,status,/);
    expect(JSON.parse(Buffer.from(files.get("control-matrix.json")!).toString()).framework.id).toBe("soc2");
    expect(Buffer.from(files.get("README.md")!).toString()).toContain(
      "rampart verify audit-package.zip --public-key key.pem",
    );
    expect(verifyAuditPackage(files).ok).toBe(true);

    writeFileSync(path.join(dir, "audit-package.zip"), response.rawPayload);
    const verified = await runRampart(dir, ["verify", "audit-package.zip", "--public-key", "key.json"]);
    expect(verified.stdout).toMatch(/VERIFIED: audit package/);
    expect(verified.code).toBe(0);

    const tampered = new Map(files);
    const bytes = Buffer.from(files.get(evidencePaths[0]!)!);
    bytes[5] = bytes[5]! ^ 0x01;
    tampered.set(evidencePaths[0]!, bytes);
    writeFileSync(path.join(dir, "tampered.zip"), await rezip(tampered));
    const failed = await runRampart(dir, ["verify", "tampered.zip", "--public-key", "key.json"]);
    expect(failed.code).toBe(1);
    expect(failed.stderr.trim().split("\n")).toHaveLength(1);
    expect(failed.stderr).toContain(evidencePaths[0]);
  }, 180_000);

  it("records each download in the ledger as an evidence export", async () => {
    const exports = () =>
      asTenant(owner.tenantId, () => ctx.services.ledger.recent(owner.tenantId, 50, "evidence_export"));
    const before = await exports();
    const response = await download("framework=soc2");
    expect(response.statusCode).toBe(200);
    const after = await exports();
    expect(after.length).toBe(before.length + 1);
    const manifest = manifestOf(readPackageZip(response.rawPayload));
    expect(after[0]!.content).toMatchObject({ kind: "audit-package", framework: "soc2", view: "type1" });
    // The package's own ledger export ends before the entry that records it.
    expect(after[0]!.index).toBeGreaterThanOrEqual(
      manifest.ledgerItems.reduce((max, item) => Math.max(max, item.ledgerIndex), 0),
    );
  });

  it("is the same archive for the same scope and ledger, but for the signed times", async () => {
    const at = new Date(Date.now() - 2 * DAY).toISOString();
    const first = readPackageZip((await download(`framework=soc2&at=${at}`)).rawPayload);
    const second = readPackageZip((await download(`framework=soc2&at=${at}`)).rawPayload);
    expect([...first.keys()]).toEqual([...second.keys()]);
    for (const name of first.keys()) {
      if (name.startsWith("evidence/") || name.startsWith("policies/"))
        expect(Buffer.from(first.get(name)!).equals(Buffer.from(second.get(name)!))).toBe(true);
    }
  });

  it("takes the evidence of every period overlapping a Type II window", async () => {
    const from = new Date(Date.now() - 60 * DAY).toISOString();
    const to = new Date(Date.now() - 60_000).toISOString();
    const response = await download(`framework=soc2&view=type2&from=${from}&to=${to}`);
    expect(response.statusCode, response.body).toBe(200);
    const files = readPackageZip(response.rawPayload);
    const evidence = [...files.keys()].filter((name) => name.startsWith("evidence/"));
    expect(evidence).toHaveLength(2);
    expect(manifestOf(files).from).toBe(from.replace(/\.\d{3}Z$/, "Z"));
    expect(verifyAuditPackage(files).ok).toBe(true);
  });

  it("leaves out what was not yet accepted or approved at a Type I date", async () => {
    const response = await download(`framework=soc2&at=${new Date(Date.now() - 50 * DAY).toISOString()}`);
    expect(response.statusCode, response.body).toBe(200);
    const files = readPackageZip(response.rawPayload);
    // Last quarter's evidence was valid then; the policy was approved only 5 days ago.
    expect([...files.keys()].filter((name) => name.startsWith("evidence/"))).toHaveLength(1);
    expect([...files.keys()].some((name) => name.startsWith("policies/"))).toBe(false);
    expect(verifyAuditPackage(files).ok).toBe(true);
  });

  it("refuses scopes that are not one, with a reason", async () => {
    const future = new Date(Date.now() + 5 * DAY).toISOString();
    const cases: [string, number, RegExp][] = [
      [`framework=soc2&at=${future}`, 400, /must not be in the future/],
      ["framework=soc2&view=type2", 400, /needs from and to/],
      ["framework=soc2&view=type2&from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z", 400, /before to/],
      ["framework=soc2&view=type2&from=2020-01-01T00:00:00Z&to=2026-01-01T00:00:00Z", 400, /three years/],
      ["framework=soc2&from=2026-01-01T00:00:00Z", 400, /Type I/],
      ["framework=pci", 404, /Framework not found/],
      ["framework=soc2&at=yesterday", 400, /./],
    ];
    for (const [query, status, message] of cases) {
      const response = await download(query);
      expect(response.statusCode, query).toBe(status);
      expect(response.json().error, query).toMatch(message);
    }
  });

  it("lets a member and an auditor with access on download; an auditor with access off gets 403, a stranger 404", async () => {
    expect((await download("framework=soc2", member.cookie)).statusCode).toBe(200);
    const off = await download("framework=soc2", auditor.cookie);
    expect(off.statusCode).toBe(403);
    expect(off.json().error).toMatch(/Auditor access/);
    await ctx.database.db
      .update(tenants)
      .set({ auditorAccessEnabled: true })
      .where(eq(tenants.id, owner.tenantId));
    const on = await download("framework=soc2", auditor.cookie);
    expect(on.statusCode).toBe(200);
    expect(verifyAuditPackage(readPackageZip(on.rawPayload)).ok).toBe(true);
    const foreign = await download("framework=soc2", stranger.cookie);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe("Organization not found");
  });
});
