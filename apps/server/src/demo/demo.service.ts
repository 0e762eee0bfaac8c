// Demo organizations: one per user, each a copy of a template. The template is a demo tenant that
// no one sees, created at start and filled by real scans of the bundled sample repositories (one
// per commit, dated as the commits are, so that history, trends and remediation times exist).
// A user's first switch to demo mode copies it (see demo-copy.ts) in one transaction and makes the
// user its admin; idle copies are removed by an hourly job.
import { rm } from "node:fs/promises";
import path from "node:path";
import type { Database } from "@rampart/db/client";
import { withDatabaseContext } from "@rampart/db/context";
import {
  containerImages,
  memberships,
  repositories as repositoriesTable,
  scans,
  tenants,
  users,
} from "@rampart/db/schema";
import { and, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import { fixRemotePath } from "../code-host/fix-remote.ts";
import { DEMO_IMAGES, seedDemoImages } from "../containers/demo-images.ts";
import type { ImagesService } from "../containers/images.service.ts";
import type { DemoEnvironments } from "../environments/demo-environments.ts";
import { AppError } from "../errors.ts";
import type { LedgerService } from "../evidence/ledger.service.ts";
import { defineJob, type JobSender } from "../jobs/job-queue.ts";
import type { RepositoriesRepo } from "../repositories/repositories.repo.ts";
import { listSamples, materializeSample } from "../repositories/samples.ts";
import type { ScanService } from "../runs/scan.service.ts";
import type { SeedDemoCompliance } from "./demo-compliance.ts";
import { type CopyReport, copyTemplate } from "./demo-copy.ts";

export const DEMO_TENANT_NAME = "Rampart Demo";
export const DEMO_SEED_TRIGGER = "demo-seed";
export const DEMO_NOT_READY =
  "The demo data is still being prepared from the sample repositories; try again in a few seconds";
export const DEFAULT_DEMO_IDLE_HOURS = 168;

export type TemplateState =
  | { state: "missing" }
  | { state: "preparing"; id: string }
  | { state: "ready"; id: string };

/**
 * The template belongs to the instance, not to any user, so row-level security hides it from
 * every request: reading its state and copying it (into a tenant the copy creates) run as the
 * instance, after the caller was signed in.
 */
const asInstance = <T>(work: () => Promise<T>): Promise<T> => withDatabaseContext({ kind: "system" }, work);

export function createDemoService(deps: {
  db: Database;
  /**
   * The maintenance connection (the owner's, a ledger maintainer): only it may delete a demo's
   * evidence chain when the demo is removed (migration 0032).
   */
  maintenanceDb: Database;
  repositories: RepositoriesRepo;
  scans: ScanService;
  images: ImagesService;
  /** The environments a sample bundles, created and synced once its commits are scanned. */
  environments: Pick<DemoEnvironments, "seed">;
  ledger: LedgerService;
  /** Fills a new copy's compliance programme as its owner (the template has none: it has no user). */
  compliance?: SeedDemoCompliance;
  jobs: JobSender;
  samplesDir: string;
  sampleCacheDir: string;
  /** Where the local code host keeps each repository's fix branches (removed with a demo). */
  fixRemotesDir: string;
  /** A user's demo organization unused this long is removed. */
  idleHours?: number;
  logger?: FastifyBaseLogger;
  now?: () => Date;
}) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const idleHours = deps.idleHours ?? DEFAULT_DEMO_IDLE_HOURS;

  async function findTemplateId(): Promise<string | undefined> {
    const [row] = await asInstance(() =>
      db
        .select({ id: tenants.id })
        .from(tenants)
        .where(and(eq(tenants.isDemo, true), isNull(tenants.demoOwnerUserId), isNull(tenants.lastActiveAt))),
    );
    return row?.id;
  }

  /** The caller's own demo organization, if it has been created. */
  async function findOwnTenantId(userId: string): Promise<string | undefined> {
    const [row] = await db
      .select({ id: tenants.id })
      .from(tenants)
      .where(and(eq(tenants.isDemo, true), eq(tenants.demoOwnerUserId, userId)));
    return row?.id;
  }

  const sampleCommitCount = () =>
    listSamples(deps.samplesDir).reduce((sum, sample) => sum + sample.manifest.commits.length, 0);

  /**
   * Ready once every commit of every sample and every demo image has a scan and none is still
   * queued or running.
   */
  const templateState = () => asInstance(readTemplateState);
  async function readTemplateState(): Promise<TemplateState> {
    const id = await findTemplateId();
    if (!id) return { state: "missing" };
    const pending = ["queued", "running"] as const;
    const [scanCounts] = await db
      .select({
        total: sql<number>`count(*)::int`,
        pending: sql<number>`(count(*) filter (where ${inArray(scans.state, pending)}))::int`,
      })
      .from(scans)
      .where(eq(scans.tenantId, id));
    const [imageCounts] = await db
      .select({
        total: sql<number>`count(*)::int`,
        pending: sql<number>`(count(*) filter (where ${inArray(containerImages.state, pending)}))::int`,
      })
      .from(containerImages)
      .where(eq(containerImages.tenantId, id));
    const ready =
      scanCounts!.total >= sampleCommitCount() &&
      scanCounts!.pending === 0 &&
      imageCounts!.total >= DEMO_IMAGES.length &&
      imageCounts!.pending === 0;
    return ready ? { state: "ready", id } : { state: "preparing", id };
  }

  /**
   * Registers each sample and scans its commits, then builds the demo container images and queues
   * their scans (once per tenant). The commits of all samples are scanned one after the other in
   * the order they were made, each to completion: a run's ledger entries are dated as its commit,
   * so the history reads in order, entry by entry (queued scans finish in any order). The images
   * come last: their scans are dated when they run, after every commit. A retried seed finds the
   * completed scans and goes on from the first that is not.
   */
  async function seed(tenantId: string, isLastAttempt: boolean): Promise<number> {
    const timeline: { repositoryId: string; sha: string; committedAt: Date }[] = [];
    const repositoryOf = new Map<string, string>();
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
      repositoryOf.set(slug, repository.id);
      for (const commit of sample.commits) timeline.push({ repositoryId: repository.id, ...commit });
    }
    timeline.sort((a, b) => a.committedAt.getTime() - b.committedAt.getTime());
    let scanned = 0;
    for (const commit of timeline) {
      const [existing] = await db
        .select()
        .from(scans)
        .where(and(eq(scans.repositoryId, commit.repositoryId), eq(scans.ref, commit.sha)))
        .limit(1);
      if (existing?.state === "completed") continue;
      const scan =
        existing ??
        (await deps.scans.create({
          tenantId,
          repositoryId: commit.repositoryId,
          triggeredBy: DEMO_SEED_TRIGGER,
          ref: commit.sha,
          asOf: commit.committedAt,
        }));
      await deps.scans.execute(scan.id, isLastAttempt);
      scanned += 1;
    }
    // After the scans (an environment's declared state is read at its latest scanned commit),
    // before the images (the template is ready once they are queued and scanned).
    for (const [slug, repositoryId] of repositoryOf)
      await deps.environments.seed(tenantId, path.join(deps.samplesDir, slug), repositoryId);
    return scanned + (await seedDemoImages(deps.images, tenantId));
  }

  const seedJob = defineJob({
    name: "demo.seed",
    version: 1,
    payload: z.object({ tenantId: z.uuid() }),
    // One at a time: a second seed finds the commits already scanned and does nothing. It runs
    // every sample scan itself, so it may take as long as they do.
    queue: { policy: "singleton", retryLimit: 2, expireInSeconds: 1800 },
    handle: ({ tenantId }, attempt) => seed(tenantId, attempt.isLastAttempt),
  });

  /** Creates the template if needed and queues the scans of the samples (a no-op once done). */
  const ensureTemplate = () => asInstance(createTemplate);
  async function createTemplate(): Promise<string> {
    await db
      .insert(tenants)
      .values({ name: DEMO_TENANT_NAME, isDemo: true })
      .onConflictDoNothing({
        target: tenants.isDemo,
        where: sql`${tenants.isDemo} and ${tenants.demoOwnerUserId} is null and ${tenants.lastActiveAt} is null`,
      });
    const id = await findTemplateId();
    if (!id) throw new Error("demo template missing right after its upsert");
    await deps.jobs.send(seedJob, { tenantId: id }, { singletonKey: id });
    return id;
  }

  /**
   * Copies the template for the user in one transaction; undefined when a concurrent request
   * created the user's demo first (the unique index on the owner makes the second insert a no-op).
   */
  async function createCopy(
    templateId: string,
    userId: string,
  ): Promise<{ tenantId: string; report: CopyReport } | undefined> {
    // Loaded before the transaction: on PGlite the key's first load would wait for its connection.
    const signer = await deps.ledger.signer();
    return asInstance(() =>
      db.transaction(async (tx) => {
        const [tenant] = await tx
          .insert(tenants)
          .values({ name: DEMO_TENANT_NAME, isDemo: true, demoOwnerUserId: userId, lastActiveAt: now() })
          .onConflictDoNothing({ target: tenants.demoOwnerUserId })
          .returning({ id: tenants.id });
        if (!tenant) return undefined;
        await tx.insert(memberships).values({ userId, tenantId: tenant.id, role: "admin" });
        const report = await copyTemplate(tx, {
          templateId,
          tenantId: tenant.id,
          ledger: deps.ledger,
          signer,
        });
        return { tenantId: tenant.id, report };
      }),
    );
  }

  /**
   * Seeds the copy's compliance programme after its transaction: it acts through the services,
   * each with transactions of its own. A failure leaves a demo without that programme, still usable.
   */
  async function seedCompliance(tenantId: string, userId: string) {
    if (!deps.compliance) return;
    const started = performance.now();
    try {
      const [owner] = await asInstance(() =>
        db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, userId)),
      );
      if (!owner) return;
      await deps.compliance(tenantId, owner);
      deps.logger?.info(
        { tenantId, ms: Math.round(performance.now() - started) },
        "demo compliance programme seeded",
      );
    } catch (error) {
      const message = "demo compliance programme could not be seeded";
      // Without a logger (as services.ts builds it) the warning still reaches the operator.
      if (deps.logger) deps.logger.warn({ tenantId, err: error }, message);
      else
        console.warn(`${message} (${tenantId}): ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /**
   * Erases one demo organization with all of its data, its evidence chain included (demo data,
   * not evidence anyone relies on), and the fix branches its repositories had on this machine.
   */
  async function remove(tenantId: string) {
    const repositoryIds = await db
      .select({ id: repositoriesTable.id })
      .from(repositoriesTable)
      .where(eq(repositoriesTable.tenantId, tenantId));
    await deps.maintenanceDb.transaction(async (tx) => {
      await tx.execute(sql`select set_config('rampart.ledger_delete', 'on', true)`);
      await tx
        .delete(tenants)
        // Never the template, never a tenant that is not a demo.
        .where(
          and(eq(tenants.id, tenantId), eq(tenants.isDemo, true), sql`${tenants.lastActiveAt} is not null`),
        );
    });
    for (const { id } of repositoryIds) {
      await rm(fixRemotePath(deps.fixRemotesDir, id), { recursive: true, force: true });
    }
  }

  /** Demo organizations idle for longer than the configured time, and those whose owner is gone. */
  async function removeIdle(): Promise<number> {
    const cutoff = new Date(now().getTime() - idleHours * 3_600_000);
    const idle = await db
      .select({ id: tenants.id })
      .from(tenants)
      .where(
        and(
          eq(tenants.isDemo, true),
          // The template has neither an owner nor a last use; a copy always has a last use.
          sql`${tenants.lastActiveAt} is not null`,
          or(lt(tenants.lastActiveAt, cutoff), isNull(tenants.demoOwnerUserId)),
        ),
      );
    for (const { id } of idle) await remove(id);
    if (idle.length > 0) deps.logger?.info({ removed: idle.length }, "idle demo organizations removed");
    return idle.length;
  }

  const removeIdleJob = defineJob({
    name: "demo.remove-idle",
    version: 1,
    payload: z.object({}).passthrough(),
    schedule: { cron: "17 * * * *" },
    handle: async () => {
      await removeIdle();
    },
  });

  return {
    findTemplateId,
    findOwnTenantId,
    templateState,
    seed,
    seedJob,
    removeIdle,
    removeIdleJob,

    ensureTemplate,

    /**
     * The user's own demo organization, copied from the template the first time. While the
     * template's scans are still running this is a 409 the web waits through.
     */
    async ensureOwnTenant(userId: string): Promise<string> {
      const existing = await findOwnTenantId(userId);
      if (existing) return existing;
      let template = await templateState();
      if (template.state === "missing") {
        await ensureTemplate();
        template = await templateState();
      }
      if (template.state !== "ready") throw new AppError("conflict", DEMO_NOT_READY);
      const started = performance.now();
      const created = await createCopy(template.id, userId);
      if (created) {
        deps.logger?.info(
          {
            tenantId: created.tenantId,
            ms: Math.round(performance.now() - started),
            rows: created.report.rows,
          },
          "demo organization copied",
        );
        await seedCompliance(created.tenantId, userId);
        return created.tenantId;
      }
      const raced = await findOwnTenantId(userId);
      if (!raced) throw new Error("demo organization missing right after its insert");
      return raced;
    },

    remove,
  };
}

export type DemoService = ReturnType<typeof createDemoService>;
