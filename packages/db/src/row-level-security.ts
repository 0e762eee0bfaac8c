// The catalogue check behind row-level security: every table with a tenant_id column (and the
// tenants table itself) must have it enabled and forced, with a policy for the application role
// that reads the context settings, and no policy that lets the application role through blindly.
import { sql } from "drizzle-orm";
import type { Database } from "./client.ts";

export interface IsolationProblem {
  table: string;
  problem: string;
}

interface CatalogueRow {
  table: string;
  enabled: boolean;
  forced: boolean;
  guarded: number | string;
  blind: number | string;
}

/**
 * What is wrong with the tenant tables' row-level security, read from the catalogue as the owner.
 * `applicationRole` is the role the application runs as; policies for it or for PUBLIC count.
 */
export async function tenantTablesWithoutIsolation(
  ownerDb: Database,
  applicationRole: string,
): Promise<IsolationProblem[]> {
  const result = (await ownerDb.execute(sql`
    with tenant_tables as (
      select c.oid, c.relname, c.relrowsecurity, c.relforcerowsecurity
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p')
        and (c.relname = 'tenants' or exists (
          select 1 from pg_attribute a
          where a.attrelid = c.oid and a.attname = 'tenant_id' and a.attnum > 0 and not a.attisdropped))
    ),
    application_policies as (
      select p.polrelid, p.polcmd,
        coalesce(pg_get_expr(p.polqual, p.polrelid), '') as qual,
        coalesce(pg_get_expr(p.polwithcheck, p.polrelid), '') as with_check
      from pg_policy p
      where p.polroles && array[0::oid, (select oid from pg_roles where rolname = ${applicationRole})]
    )
    select t.relname as "table", t.relrowsecurity as enabled, t.relforcerowsecurity as forced,
      (select count(*) from application_policies p
        where p.polrelid = t.oid and p.polcmd = '*'
          and p.qual like '%rampart_setting_uuid%' and p.with_check like '%rampart_setting_uuid%'
      ) + (select count(*) from application_policies p
        where p.polrelid = t.oid and p.polcmd = '*'
          and p.qual like '%rampart_visible_tenant_ids()%' and p.with_check like '%rampart_visible_tenant_ids()%'
      ) as guarded,
      (select count(*) from application_policies p
        where p.polrelid = t.oid
          and not ((p.polcmd = 'a' or p.qual like '%rampart_%')
            and (p.polcmd in ('r', 'd') or p.with_check like '%rampart_%'))
      ) as blind
    from tenant_tables t
    order by t.relname
  `)) as unknown as { rows: CatalogueRow[] };

  const problems: IsolationProblem[] = [];
  for (const row of result.rows) {
    if (!row.enabled) problems.push({ table: row.table, problem: "row-level security is not enabled" });
    if (!row.forced) problems.push({ table: row.table, problem: "row-level security is not forced" });
    if (Number(row.guarded) === 0)
      problems.push({ table: row.table, problem: "no policy limits the application role to its tenants" });
    if (Number(row.blind) > 0)
      problems.push({
        table: row.table,
        problem: "a policy lets the application role through without the context",
      });
  }
  return problems;
}
