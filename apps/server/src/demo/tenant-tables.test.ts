import * as schema from "@rampart/db/schema";
import { is } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { COPY_TREATMENTS, tenantTables } from "./tenant-tables.ts";

const schemaTenantTables = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableConfig(table))
  .filter((config) => config.columns.some((column) => column.name === "tenant_id"))
  .map((config) => config.name)
  .sort();

describe("the tables a demo copy walks", () => {
  it("are every table of the schema with a tenant_id", () => {
    expect(schemaTenantTables.length).toBeGreaterThan(15);
    expect(
      tenantTables()
        .map((table) => table.name)
        .sort(),
    ).toEqual(schemaTenantTables);
  });

  it("each have a treatment chosen on purpose: a new tenant table must be classified here", () => {
    const unclassified = schemaTenantTables.filter((name) => !(name in COPY_TREATMENTS));
    expect(unclassified, "add these tables to COPY_TREATMENTS in tenant-tables.ts").toEqual([]);
    const stale = Object.keys(COPY_TREATMENTS).filter((name) => !schemaTenantTables.includes(name));
    expect(stale).toEqual([]);
  });

  it("come parents first, so foreign keys hold while rows are inserted", () => {
    const order = tenantTables().map((table) => table.name);
    for (const table of tenantTables()) {
      for (const parent of table.references) {
        if (parent === "tenants" || parent === "users" || parent === table.name) continue;
        expect(order.indexOf(parent), `${parent} before ${table.name}`).toBeLessThan(
          order.indexOf(table.name),
        );
      }
    }
  });
});
