// The one shared demo tenant. Creating it is idempotent and safe under concurrent calls:
// the partial unique index on tenants(is_demo) lets exactly one insert win.
import type { Database } from "@rampart/db/client";
import { tenants } from "@rampart/db/schema";
import { eq, sql } from "drizzle-orm";

export const DEMO_TENANT_NAME = "Rampart Demo";

export function createDemoService(db: Database) {
  async function findDemoTenantId(): Promise<string | undefined> {
    const [row] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.isDemo, true));
    return row?.id;
  }

  return {
    findDemoTenantId,

    async ensureDemoTenant(): Promise<string> {
      await db
        .insert(tenants)
        .values({ name: DEMO_TENANT_NAME, isDemo: true })
        .onConflictDoNothing({ target: tenants.isDemo, where: sql`${tenants.isDemo}` });
      const id = await findDemoTenantId();
      if (!id) throw new Error("demo tenant missing right after its upsert");
      return id;
    },
  };
}

export type DemoService = ReturnType<typeof createDemoService>;
