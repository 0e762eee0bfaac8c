// The composition root: every service built once from the database and configuration, and the
// job definitions they bring. The API and the worker both start from here.
import type { Database } from "@rampart/db/client";
import { purgeExpiredSessionsJob } from "./auth/auth.jobs.ts";
import { createAuthRepo } from "./auth/auth.repo.ts";
import { createAuthService } from "./auth/auth.service.ts";
import type { Config } from "./config.ts";
import { createDemoService } from "./demo/demo.service.ts";
import type { JobDefinition } from "./jobs/job-queue.ts";
import { createTenantAccess } from "./tenants/tenant-access.ts";
import { createTenantsRepo } from "./tenants/tenants.repo.ts";

export function createServices(db: Database, config: Pick<Config, "SESSION_TTL_DAYS">) {
  const auth = createAuthService({ repo: createAuthRepo(db), sessionTtlDays: config.SESSION_TTL_DAYS });
  const tenantsRepo = createTenantsRepo(db);
  return {
    auth,
    tenantsRepo,
    tenantAccess: createTenantAccess(tenantsRepo),
    demo: createDemoService(db),
  };
}

export type Services = ReturnType<typeof createServices>;

export function jobDefinitions(services: Services): JobDefinition[] {
  return [purgeExpiredSessionsJob(services.auth)];
}
