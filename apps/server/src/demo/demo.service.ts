// The one shared demo tenant and its data. Creating the tenant is idempotent and safe under
// concurrent calls (the partial unique index on tenants(is_demo) lets exactly one insert win).
// Its data comes from real scans of the bundled sample repositories, one per commit, dated as
// the commits are, so that history, trends and remediation times exist.
import type { Database } from "@rampart/db/client";
import { scans, tenants } from "@rampart/db/schema";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { seedDemoImages } from "../containers/demo-images.ts";
import type { ImagesService } from "../containers/images.service.ts";
import { defineJob, type JobSender } from "../jobs/job-queue.ts";
import type { RepositoriesRepo } from "../repositories/repositories.repo.ts";
import { listSamples, materializeSample } from "../repositories/samples.ts";
import type { ScanService } from "../runs/scan.service.ts";

export const DEMO_TENANT_NAME = "Rampart Demo";
export const DEMO_SEED_TRIGGER = "demo-seed";

export function createDemoService(deps: {
  db: Database;
  repositories: RepositoriesRepo;
  scans: ScanService;
  images: ImagesService;
  jobs: JobSender;
  samplesDir: string;
  sampleCacheDir: string;
}) {
  const { db } = deps;

  async function findDemoTenantId(): Promise<string | undefined> {
    const [row] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.isDemo, true));
    return row?.id;
  }

  /**
   * Registers each sample and queues a scan of each of its commits, once per repository; and
   * builds the demo container images and queues their scans, once per tenant.
   */
  async function seed(tenantId: string): Promise<number> {
    let queued = await seedDemoImages(deps.images, tenantId);
    for (const { slug } of listSamples(deps.samplesDir)) {
      const sample = materializeSample(deps.samplesDir, slug, deps.sampleCacheDir);
      const repository = await deps.repositories.upsertByName({
        tenantId,
        name: sample.name,
        source: "sample",
        location: slug,
        defaultBranch: "main",
        scanSchedule: null,
      });
      const [existing] = await db
        .select({ id: scans.id })
        .from(scans)
        .where(eq(scans.repositoryId, repository.id))
        .limit(1);
      if (existing) continue;
      for (const commit of sample.commits) {
        await deps.scans.request({
          tenantId,
          repositoryId: repository.id,
          triggeredBy: DEMO_SEED_TRIGGER,
          ref: commit.sha,
          asOf: commit.committedAt,
        });
        queued += 1;
      }
    }
    return queued;
  }

  const seedJob = defineJob({
    name: "demo.seed",
    version: 1,
    payload: z.object({ tenantId: z.uuid() }),
    // One at a time: a second seed finds the repositories already scanned and does nothing.
    queue: { policy: "singleton", retryLimit: 2 },
    handle: ({ tenantId }) => seed(tenantId),
  });

  return {
    findDemoTenantId,
    seed,
    seedJob,

    /** Creates the demo tenant if needed and queues the scans of the samples (a no-op once done). */
    async ensureDemoTenant(): Promise<string> {
      await db
        .insert(tenants)
        .values({ name: DEMO_TENANT_NAME, isDemo: true })
        .onConflictDoNothing({ target: tenants.isDemo, where: sql`${tenants.isDemo}` });
      const id = await findDemoTenantId();
      if (!id) throw new Error("demo tenant missing right after its upsert");
      await deps.jobs.send(seedJob, { tenantId: id }, { singletonKey: id });
      return id;
    },
  };
}

export type DemoService = ReturnType<typeof createDemoService>;
