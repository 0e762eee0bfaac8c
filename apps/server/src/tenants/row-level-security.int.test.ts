// Row-level security as the database enforces it, below every application check: the application
// role, the catalogue of tenant tables, and raw queries in each kind of database context.
import { type DatabaseContext, withDatabaseContext } from "@rampart/db/context";
import { postgresErrorCode } from "@rampart/db/errors";
import { tenantTablesWithoutIsolation } from "@rampart/db/row-level-security";
import { memberships, repositories } from "@rampart/db/schema";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  backend,
  createTestContext,
  signUp,
  type TestContext,
  testApplicationRole,
} from "../../test/harness.ts";

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof signUp>>;
let stranger: Awaited<ReturnType<typeof signUp>>;

/** Runs a raw query as the application, in `context` (or in none). */
async function asApplication<T>(context: DatabaseContext | undefined, query: ReturnType<typeof sql>) {
  const run = async () =>
    ((await ctx.database.applicationDb.execute(query)) as unknown as { rows: T[] }).rows;
  return context ? withDatabaseContext(context, run) : run();
}

async function tenantTables(): Promise<string[]> {
  const result = (await ctx.database.db.execute(sql`
    select distinct table_name as name from information_schema.columns
    where table_schema = 'public' and column_name = 'tenant_id' order by 1`)) as unknown as {
    rows: { name: string }[];
  };
  return result.rows.map((row) => row.name);
}

beforeAll(async () => {
  ctx = await createTestContext({ runWorkers: false });
  owner = await signUp(ctx.app, { tenantName: "Owner Org" });
  stranger = await signUp(ctx.app, { tenantName: "Stranger Org" });
  await ctx.database.db.insert(repositories).values([
    {
      tenantId: owner.tenantId,
      name: "acme/payments",
      source: "git",
      location: "https://git.example.test/a.git",
    },
    {
      tenantId: stranger.tenantId,
      name: "other/thing",
      source: "git",
      location: "https://git.example.test/b.git",
    },
  ]);
});
afterAll(() => ctx.close());

describe("the application role", () => {
  it("is the role every application query runs as, owns nothing and cannot bypass row-level security", async () => {
    const [role] = await asApplication<{ name: string; superuser: boolean; bypass: boolean; owned: string }>(
      { kind: "user", userId: owner.userId },
      sql`select current_user as name, r.rolsuper as superuser, r.rolbypassrls as bypass,
            (select count(*) from pg_class c where c.relowner = r.oid)::text as owned
          from pg_roles r where r.rolname = current_user`,
    );
    expect(role).toEqual({ name: testApplicationRole(), superuser: false, bypass: false, owned: "0" });
    expect(ctx.services.db).toBe(ctx.database.applicationDb);
  });

  // PGlite has one connection, whose session user is the owner: there the role is only SET (README).
  it.runIf(backend === "postgres")(
    "logs in as itself, so SQL run through its connections cannot become the owner",
    async () => {
      const [session] = await asApplication<{ current: string; session: string }>(
        { kind: "user", userId: owner.userId },
        sql`select current_user as current, session_user as session`,
      );
      expect(session).toEqual({ current: testApplicationRole(), session: testApplicationRole() });
      const [ownerRole] = (
        (await ctx.database.db.execute(sql`select current_user as name`)) as unknown as {
          rows: { name: string }[];
        }
      ).rows;
      const escaped = await withDatabaseContext({ kind: "user", userId: owner.userId }, () =>
        ctx.database.applicationDb.transaction(async (tx) => {
          await tx.execute(sql`reset role`);
          const [afterReset] = (
            (await tx.execute(sql`select current_user as name`)) as unknown as {
              rows: { name: string }[];
            }
          ).rows;
          const switched = await tx.execute(sql.raw(`set role "${ownerRole!.name}"`)).then(
            () => "switched",
            (error: unknown) => postgresErrorCode(error),
          );
          return { afterReset: afterReset!.name, switched };
        }),
      );
      expect(escaped).toEqual({ afterReset: testApplicationRole(), switched: "42501" });
    },
  );
});

describe("memberships", () => {
  it("cannot be given to oneself, in another tenant or as a higher role, from a user's context", async () => {
    const asStranger = <T>(work: () => Promise<T>) =>
      withDatabaseContext({ kind: "user", userId: stranger.userId }, work);
    const joined = await asStranger(() =>
      ctx.database.applicationDb
        .insert(memberships)
        .values({ userId: stranger.userId, tenantId: owner.tenantId, role: "admin" })
        .then(
          () => "joined",
          (error: unknown) => postgresErrorCode(error),
        ),
    );
    expect(joined).toBe("42501");
    const promoted = await asStranger(() =>
      ctx.database.applicationDb
        .update(memberships)
        .set({ role: "auditor" })
        .where(eq(memberships.userId, stranger.userId))
        .returning(),
    );
    expect(promoted).toEqual([]);
    const mine = await asStranger(() =>
      ctx.database.applicationDb
        .select({ tenantId: memberships.tenantId, role: memberships.role })
        .from(memberships),
    );
    expect(mine).toEqual([{ tenantId: stranger.tenantId, role: "admin" }]);
  });
});

describe("the catalogue", () => {
  it("has row-level security enabled, forced and tied to the context on every table with a tenant_id", async () => {
    expect(await tenantTables()).toContain("findings");
    expect(await tenantTablesWithoutIsolation(ctx.database.db, testApplicationRole())).toEqual([]);
  });

  it("names a new tenant table until it is isolated, and a policy that lets everyone through", async () => {
    await ctx.database.db.execute(sql`create table rls_probe (id int primary key, tenant_id uuid not null)`);
    try {
      const problems = (await tenantTablesWithoutIsolation(ctx.database.db, testApplicationRole())).filter(
        (problem) => problem.table === "rls_probe",
      );
      expect(problems.map((problem) => problem.problem)).toEqual([
        "row-level security is not enabled",
        "row-level security is not forced",
        "no policy limits the application role to its tenants",
      ]);
      await ctx.database.db.execute(sql`select rampart_isolate_tenant_table('rls_probe')`);
      expect(await tenantTablesWithoutIsolation(ctx.database.db, testApplicationRole())).toEqual([]);
      await ctx.database.db.execute(sql`create policy everyone on rls_probe for select using (true)`);
      expect(await tenantTablesWithoutIsolation(ctx.database.db, testApplicationRole())).toEqual([
        { table: "rls_probe", problem: "a policy lets the application role through without the context" },
      ]);
    } finally {
      await ctx.database.db.execute(sql`drop table rls_probe`);
    }
  });
});

describe("raw queries without any application check", () => {
  it("show a user only the rows of their own tenants", async () => {
    const names = async (userId: string) =>
      (
        await asApplication<{ name: string }>(
          { kind: "user", userId },
          sql`select name from repositories order by name`,
        )
      ).map((row) => row.name);
    expect(await names(owner.userId)).toEqual(["acme/payments"]);
    expect(await names(stranger.userId)).toEqual(["other/thing"]);
    const tenantsOf = async (userId: string) =>
      (await asApplication<{ id: string }>({ kind: "user", userId }, sql`select id from tenants`)).map(
        (row) => row.id,
      );
    expect(await tenantsOf(stranger.userId)).toEqual([stranger.tenantId]);
    const memberships = await asApplication<{ tenant_id: string }>(
      { kind: "user", userId: stranger.userId },
      sql`select tenant_id from memberships`,
    );
    expect(memberships).toEqual([{ tenant_id: stranger.tenantId }]);
  });

  it("show a tenant's job only that tenant's rows", async () => {
    const rows = await asApplication<{ tenant_id: string }>(
      { kind: "tenant", tenantId: owner.tenantId },
      sql`select tenant_id from repositories`,
    );
    expect(rows).toEqual([{ tenant_id: owner.tenantId }]);
  });

  it("show no tenant's rows in any tenant table when no context is set", async () => {
    const tables = await tenantTables();
    expect(tables.length).toBeGreaterThan(15);
    const seen: Record<string, number> = {};
    for (const table of [...tables, "tenants"]) {
      const [row] = await asApplication<{ count: number | string }>(
        undefined,
        sql`select count(*) as count from ${sql.identifier(table)}`,
      );
      if (Number(row!.count) > 0) seen[table] = Number(row!.count);
    }
    expect(seen).toEqual({});
    // The owner sees them: the rows are there.
    const [all] = (
      (await ctx.database.db.execute(sql`select count(*) as count from repositories`)) as unknown as {
        rows: { count: number | string }[];
      }
    ).rows;
    expect(Number(all!.count)).toBe(2);
  });

  it("refuse to write into another tenant, and change none of its rows", async () => {
    const asStranger = <T>(work: () => Promise<T>) =>
      withDatabaseContext({ kind: "user", userId: stranger.userId }, work);
    const inserted = await asStranger(() =>
      ctx.database.applicationDb
        .insert(repositories)
        .values({
          tenantId: owner.tenantId,
          name: "planted",
          source: "git",
          location: "https://x.test/p.git",
        })
        .then(
          () => "inserted",
          (error: unknown) => postgresErrorCode(error),
        ),
    );
    expect(inserted).toBe("42501");
    const updated = await asStranger(async () =>
      ctx.database.applicationDb
        .update(repositories)
        .set({ name: "renamed" })
        .where(eq(repositories.tenantId, owner.tenantId))
        .returning(),
    );
    expect(updated).toEqual([]);
    const moved = await asStranger(() =>
      ctx.database.applicationDb
        .update(repositories)
        .set({ tenantId: owner.tenantId })
        .where(eq(repositories.tenantId, stranger.tenantId))
        .then(
          () => "moved",
          (error: unknown) => postgresErrorCode(error),
        ),
    );
    expect(moved).toBe("42501");
    const deleted = await asStranger(async () =>
      ctx.database.applicationDb
        .delete(repositories)
        .where(eq(repositories.tenantId, owner.tenantId))
        .returning(),
    );
    expect(deleted).toEqual([]);
    const left = await ctx.database.db
      .select({ name: repositories.name })
      .from(repositories)
      .where(eq(repositories.tenantId, owner.tenantId));
    expect(left).toEqual([{ name: "acme/payments" }]);
  });

  it("leave instance-wide tasks, on the owner's connection, every tenant", async () => {
    const rows = await asApplication<{ count: number | string }>(
      { kind: "system" },
      sql`select count(*) as count from repositories`,
    );
    expect(Number(rows[0]!.count)).toBe(2);
  });
});
