// The evidence tables hold against the application's own role (migration 0032): it cannot
// truncate them, switch their triggers off, or delete evidence by saying it is erasing a tenant;
// only the maintenance connection can, and erasing leaves a signed deletion record.
import {
  auditLogEntries,
  evidenceArtifacts,
  ledgerCheckpoints,
  ledgerVerifications,
  tenants,
} from "@rampart/db/schema";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asTenant, createTestContext, signUp, type TestContext } from "../../test/harness.ts";

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUp>>;

const GUARDED = ["evidence_artifacts", "audit_log_entries", "ledger_checkpoints", "ledger_verifications"];
const TABLES = { evidenceArtifacts, auditLogEntries, ledgerCheckpoints, ledgerVerifications };

/** One row in every guarded table of the tenant: an entry, its checkpoint, a verification, an audit entry. */
async function fillEvidence(tenantId: string) {
  const { ledger } = ctx.services;
  const key = await ledger.signer();
  await ctx.database.db.transaction(async (tx) => {
    await ledger.append(tx, { tenantId, artifactType: "run", content: { test: "guarded evidence" } });
    await ledger.storeCheckpoint(tx, tenantId, key);
  });
  await ctx.database.db.insert(ledgerVerifications).values({ tenantId, isValid: true, length: 1 });
  await ctx.database.db.insert(auditLogEntries).values({
    tenantId,
    action: "test.guarded",
    method: "POST",
    route: "/test",
    clientAddress: "127.0.0.1",
    result: "success",
    statusCode: 200,
    createdAt: new Date(),
  });
}

/** How many rows each guarded table holds for the tenant, read as the owner. */
async function counts(tenantId: string) {
  const result: Record<string, number> = {};
  for (const [name, table] of Object.entries(TABLES))
    result[name] = await ctx.database.db.$count(table, eq(table.tenantId, tenantId));
  return result;
}

/** Why the database refused `work`: drizzle wraps the server's message as the error's cause. */
async function refusal(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    return cause instanceof Error ? cause.message : (error as Error).message;
  }
  return "not refused";
}

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await signUp(ctx.app, { tenantName: "Guarded Org" });
  await fillEvidence(owner.tenantId);
});
afterAll(() => ctx.close());

/** The application's role working for the tenant, as a job of that tenant would. */
const asApplication = (statement: ReturnType<typeof sql>) =>
  asTenant(owner.tenantId, () => ctx.database.applicationDb.execute(statement));

describe("as the application role", () => {
  it("sees the tenant's evidence (the refusals below are not row-level security hiding it)", async () => {
    const seen = await asTenant(owner.tenantId, () =>
      ctx.database.applicationDb.$count(evidenceArtifacts, eq(evidenceArtifacts.tenantId, owner.tenantId)),
    );
    expect(seen).toBe(1);
    expect(await counts(owner.tenantId)).toEqual({
      evidenceArtifacts: 1,
      auditLogEntries: expect.any(Number),
      ledgerCheckpoints: 1,
      ledgerVerifications: 1,
    });
  });

  it.each(GUARDED)("cannot truncate %s", async (table) => {
    const before = await counts(owner.tenantId);
    expect(await refusal(asApplication(sql.raw(`truncate ${table}`)))).toMatch(/permission denied/);
    expect(await refusal(asApplication(sql.raw(`truncate ${table} cascade`)))).toMatch(/permission denied/);
    expect(await counts(owner.tenantId)).toEqual(before);
  });

  it.each([...GUARDED, "instance_log"])("cannot switch off the triggers of %s", async (table) => {
    expect(await refusal(asApplication(sql.raw(`alter table ${table} disable trigger all`)))).toMatch(
      /must be owner/,
    );
    expect(await refusal(asApplication(sql.raw(`alter table ${table} disable trigger user`)))).toMatch(
      /must be owner/,
    );
  });

  it("cannot make this session skip triggers (session_replication_role)", async () => {
    expect(await refusal(asApplication(sql`set session_replication_role = replica`))).toMatch(
      /permission denied/,
    );
    expect(
      await refusal(asApplication(sql`select set_config('session_replication_role', 'replica', false)`)),
    ).toMatch(/permission denied/);
  });

  it.each(GUARDED)("cannot delete or update %s even with rampart.ledger_delete set", async (table) => {
    const before = await counts(owner.tenantId);
    const attempt = (statement: string) =>
      asTenant(owner.tenantId, () =>
        ctx.database.applicationDb.transaction(async (tx) => {
          await tx.execute(sql`select set_config('rampart.ledger_delete', 'on', true)`);
          await tx.execute(sql.raw(statement));
        }),
      );
    expect(await refusal(attempt(`delete from ${table} where tenant_id = '${owner.tenantId}'`))).toMatch(
      /append-only/,
    );
    expect(
      await refusal(
        attempt(`update ${table} set tenant_id = tenant_id where tenant_id = '${owner.tenantId}'`),
      ),
    ).toMatch(/append-only/);
    expect(await counts(owner.tenantId)).toEqual(before);
  });

  it("cannot delete the tenant, whose deletion would cascade into its evidence as the tables' owner", async () => {
    const attempt = asTenant(owner.tenantId, () =>
      ctx.database.applicationDb.transaction(async (tx) => {
        await tx.execute(sql`select set_config('rampart.ledger_delete', 'on', true)`);
        await tx.delete(tenants).where(eq(tenants.id, owner.tenantId));
      }),
    );
    expect(await refusal(attempt)).toMatch(/permission denied/);
    expect((await counts(owner.tenantId)).evidenceArtifacts).toBe(1);
  });

  it("holds no privilege to truncate, add triggers or reference any table, and owns none", async () => {
    const role = ctx.database.applicationRole!;
    const { rows } = (await ctx.database.db.execute(sql`
      select
        (select count(*) from information_schema.role_table_grants g
          where g.grantee = ${role} and g.privilege_type in ('TRUNCATE', 'TRIGGER', 'REFERENCES')) as risky,
        (select count(*) from pg_class c where c.relowner = (select oid from pg_roles where rolname = ${role})) as owned,
        has_table_privilege(${role}, 'tenants', 'DELETE') as deletes_tenants,
        pg_has_role(${role}, 'rampart_ledger_maintainer', 'MEMBER') as maintainer
    `)) as unknown as {
      rows: {
        risky: string | number;
        owned: string | number;
        deletes_tenants: boolean;
        maintainer: boolean;
      }[];
    };
    expect(rows[0]).toMatchObject({ deletes_tenants: false, maintainer: false });
    expect(Number(rows[0]!.risky)).toBe(0);
    expect(Number(rows[0]!.owned)).toBe(0);
  });
});

describe("as the owner without the maintenance step", () => {
  it.each(GUARDED)("cannot truncate, update, or delete from %s without saying so", async (table) => {
    const before = await counts(owner.tenantId);
    const { db } = ctx.database;
    expect(await refusal(db.execute(sql.raw(`truncate ${table} cascade`)))).toMatch(/append-only/);
    expect(
      await refusal(
        db.execute(
          sql.raw(`update ${table} set tenant_id = tenant_id where tenant_id = '${owner.tenantId}'`),
        ),
      ),
    ).toMatch(/append-only/);
    expect(
      await refusal(db.execute(sql.raw(`delete from ${table} where tenant_id = '${owner.tenantId}'`))),
    ).toMatch(/append-only/);
    // Even the maintainer may only delete: an update stays refused with the setting on.
    expect(
      await refusal(
        db.transaction(async (tx) => {
          await tx.execute(sql`select set_config('rampart.ledger_delete', 'on', true)`);
          await tx.execute(
            sql.raw(`update ${table} set tenant_id = tenant_id where tenant_id = '${owner.tenantId}'`),
          );
        }),
      ),
    ).toMatch(/append-only/);
    expect(await counts(owner.tenantId)).toEqual(before);
  });

  it("cannot truncate the instance log", async () => {
    expect(await refusal(ctx.database.db.execute(sql`truncate instance_log`))).toMatch(/append-only/);
  });
});

describe("erasure through the maintenance connection", () => {
  it("erases the tenant with its evidence and leaves a signed record of what went", async () => {
    const doomed = await signUp(ctx.app, { tenantName: "Erased Org" });
    await fillEvidence(doomed.tenantId);
    const record = await ctx.services.tenantErasure.erase(
      { id: doomed.tenantId },
      { kind: "request", userId: doomed.userId, email: doomed.email },
    );
    expect(record).not.toBeNull();
    expect(await counts(doomed.tenantId)).toEqual({
      evidenceArtifacts: 0,
      auditLogEntries: 0,
      ledgerCheckpoints: 0,
      ledgerVerifications: 0,
    });
    expect(await ctx.database.db.select().from(tenants).where(eq(tenants.id, doomed.tenantId))).toEqual([]);
    const [checkpoint] = [record!.content as { lastCheckpoint: { treeSize: number; note: string } }];
    expect(record!.content).toMatchObject({
      type: "tenant_erased",
      tenant: { id: doomed.tenantId, name: "Erased Org", closedAt: null },
      erasedBy: { userId: doomed.userId, email: doomed.email },
      deleted: {
        ledgerEntries: 1,
        checkpoints: 1,
        verifications: 1,
        members: 1,
        runs: 0,
        findings: 0,
        evidenceFiles: 0,
        storedEvidenceFiles: 0,
      },
      ledger: { length: 1, headHash: expect.stringMatching(/^[0-9a-f]{64}$/) },
      lastCheckpoint: { treeSize: 1 },
    });
    expect(checkpoint!.lastCheckpoint.note).toContain(`rampart.test/tenants/${doomed.tenantId}`);
    expect(
      (record!.content as { deleted: { auditLogEntries: number } }).deleted.auditLogEntries,
    ).toBeGreaterThan(0);
    expect(await ctx.services.instanceLog.verify()).toMatchObject({ ok: true });
    // The other tenant's evidence is untouched.
    expect((await counts(owner.tenantId)).evidenceArtifacts).toBe(1);
  });

  it("answers null for a tenant that is already gone, and writes no second record", async () => {
    const before = (await ctx.services.instanceLog.entries()).length;
    const again = await ctx.services.tenantErasure.erase(
      { id: "00000000-0000-4000-8000-000000000000" },
      { kind: "retention", retentionDays: 1 },
    );
    expect(again).toBeNull();
    expect(await ctx.services.instanceLog.entries()).toHaveLength(before);
  });
});
