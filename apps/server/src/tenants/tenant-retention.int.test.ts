// Retention: a closed tenant keeps everything until closedAt + TENANT_RETENTION_DAYS; the daily
// job then erases it with a record naming the retention policy, and its evidence files leave the
// store unless another tenant's submission names the same file. A removal that fails is retried.
import { utimes } from "node:fs/promises";
import path from "node:path";
import { evidenceArtifacts, evidenceRequests, evidenceSubmissions, tenants } from "@rampart/db/schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, signUp, type TestContext } from "../../test/harness.ts";
import { type EvidenceStore, type StoredFile, sha256Hex } from "../evidence-store/evidence-store.ts";
import { createEvidenceFileCleanup } from "./evidence-file-cleanup.ts";
import { createTenantErasure } from "./tenant-erasure.ts";
import { DEFAULT_TENANT_RETENTION_DAYS } from "./tenant-retention.ts";

const DAY_MS = 86_400_000;
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** A tenant with one ledger entry, closed `closedDaysAgo` days ago (open when undefined). */
async function tenantWithEvidence(name: string, closedDaysAgo?: number) {
  const user = await signUp(ctx.app, { tenantName: name });
  const { db } = ctx.database;
  await db.transaction((tx) =>
    ctx.services.ledger.append(tx, {
      tenantId: user.tenantId,
      artifactType: "run",
      content: { tenant: name },
    }),
  );
  if (closedDaysAgo !== undefined)
    await db
      .update(tenants)
      .set({ closedAt: new Date(Date.now() - closedDaysAgo * DAY_MS) })
      .where(eq(tenants.id, user.tenantId));
  return user;
}

/** Stores `text` as an evidence file submitted for a request of the tenant. */
async function submitFile(tenantId: string, text: string, store: EvidenceStore = ctx.services.evidenceStore) {
  const bytes = Buffer.from(text);
  const sha256 = sha256Hex(bytes);
  const stored = await store.put(bytes, sha256);
  const { db } = ctx.database;
  const [request] = await db
    .insert(evidenceRequests)
    .values({
      tenantId,
      controlCode: "IAM-REV-01",
      evidenceKey: "access-review",
      title: "Quarterly access review",
      kind: "document",
      cadence: "quarterly",
      source: "control",
      periodStart: new Date(),
      dueAt: new Date(),
    })
    .returning();
  await db.insert(evidenceSubmissions).values({
    tenantId,
    requestId: request!.id,
    fileName: "review.txt",
    contentType: "text/plain",
    sizeBytes: bytes.length,
    sha256,
    storage: stored.storage,
    storageKey: stored.key,
  });
  return stored;
}

const ledgerLength = (tenantId: string) =>
  ctx.database.db.$count(evidenceArtifacts, eq(evidenceArtifacts.tenantId, tenantId));

describe("the retention job", () => {
  it("erases only tenants closed longer ago than the retention period, naming the policy", async () => {
    expect(DEFAULT_TENANT_RETENTION_DAYS).toBe(2555);
    const expired = await tenantWithEvidence("Long Closed", DEFAULT_TENANT_RETENTION_DAYS + 1);
    const recent = await tenantWithEvidence("Recently Closed", DEFAULT_TENANT_RETENTION_DAYS - 1);
    const open = await tenantWithEvidence("Still Open");
    const own = await submitFile(expired.tenantId, "only the expired tenant's file");
    const shared = await submitFile(expired.tenantId, "a file two tenants submitted");
    await submitFile(recent.tenantId, "a file two tenants submitted");

    const result = await ctx.services.tenantRetention.run();
    expect(result).toMatchObject({ erased: 1, failed: 0 });

    const { db } = ctx.database;
    expect(await db.select().from(tenants).where(eq(tenants.id, expired.tenantId))).toEqual([]);
    expect(await ledgerLength(expired.tenantId)).toBe(0);
    for (const kept of [recent, open]) expect(await ledgerLength(kept.tenantId)).toBe(1);

    const record = (await ctx.services.instanceLog.entries()).at(-1)!;
    expect(record.content).toMatchObject({
      type: "tenant_erased",
      tenant: { id: expired.tenantId, name: "Long Closed", closedAt: expect.any(String) },
      erasedBy: "retention policy",
      retentionDays: DEFAULT_TENANT_RETENTION_DAYS,
      deleted: { ledgerEntries: 1, evidenceFiles: 2, storedEvidenceFiles: 2, evidenceRequests: 2 },
      ledger: { length: 1 },
    });
    expect(await ctx.services.instanceLog.verify()).toMatchObject({ ok: true });

    // The erased tenant's own file is gone; the one another tenant also submitted stays.
    expect(await ctx.services.evidenceStore.get(own)).toBeNull();
    expect(await ctx.services.evidenceStore.get(shared)).not.toBeNull();

    // A second run finds nothing more to erase.
    expect(await ctx.services.tenantRetention.run()).toMatchObject({ erased: 0, failed: 0 });
  });
});

describe("evidence files whose removal fails", () => {
  it("are logged, kept out of the way of the erasure, and removed by the next sweep", async () => {
    const store = ctx.services.evidenceStore;
    let failNext = true;
    const flaky: EvidenceStore = {
      ...store,
      async remove(file: StoredFile) {
        if (failNext) {
          failNext = false;
          throw new Error("the bucket is unreachable");
        }
        return store.remove(file);
      },
    };
    const warnings: string[] = [];
    const log = { warn: (_details: object, message: string) => warnings.push(message) };
    const cleanup = createEvidenceFileCleanup({ maintenanceDb: ctx.database.db, store: flaky, log });
    const erasure = createTenantErasure({
      maintenanceDb: ctx.database.db,
      instanceLog: ctx.services.instanceLog,
      evidenceFiles: cleanup,
    });
    const user = await tenantWithEvidence("Flaky Store Org", 1);
    const file = await submitFile(user.tenantId, "a file the store fails to remove once");

    const record = await erasure.erase(
      { id: user.tenantId },
      { kind: "request", userId: user.userId, email: user.email },
    );
    expect(record?.content).toMatchObject({ erasedBy: { userId: user.userId, email: user.email } });
    expect(warnings).toEqual(["evidence file not removed from the store; the daily retention job retries"]);
    expect(await store.get(file)).not.toBeNull();

    // Written just now, it is within the sweep's grace period (an upload may be under way).
    expect(await cleanup.sweep()).toMatchObject({ removed: 0, failed: 0 });
    expect(await store.get(file)).not.toBeNull();
    // A day later the sweep removes it.
    const old = new Date(Date.now() - 2 * DAY_MS);
    await utimes(path.join(ctx.services.config.DATA_DIR, "evidence", file.key), old, old);
    expect(await cleanup.sweep()).toMatchObject({ failed: 0 });
    expect(await store.get(file)).toBeNull();
  });
});
