// Scans as jobs: a request becomes a `scans` row and a queued job; the worker checks the commit
// out, runs the engine, and stores the run with all its rows in one transaction. A failed attempt
// leaves nothing of a run behind and is retried with back-off by the queue.

import { createHash, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { FetchFailureReason } from "@rampart/checkout";
import type { Database } from "@rampart/db/client";
import {
  controlResults,
  findings as findingsTable,
  findingTracks,
  openRuleCounts as openRuleCountsTable,
  policyRuns,
  provenanceAttestations,
  repositories,
  sbomArtifacts,
  scans,
  tenants,
  waivers,
} from "@rampart/db/schema";
import { type Finding as EngineFinding, type RuleMeta, ruleById } from "@rampart/engine";
import { applyFileEdits, unifiedDiff } from "@rampart/engine/fix";
import { ruleMeta } from "@rampart/engine/rule";
import { toCycloneDx } from "@rampart/engine/sbom/cyclonedx";
import { directoryPackages } from "@rampart/engine/sbom/directory";
import { scan as engineScan } from "@rampart/engine/scan";
import { contentHash, keyFingerprint, publicKeyOf, signScanProvenance } from "@rampart/ledger";
import { and, eq, inArray, isNull, lt, ne, sql } from "drizzle-orm";
import { z } from "zod";
import type { AdvisoryStore } from "../advisories/advisory-store.ts";
import type { CodeHost } from "../code-host/code-host.ts";
import { AppError } from "../errors.ts";
import type { LedgerService } from "../evidence/ledger.service.ts";
import { defineJob, type JobSender } from "../jobs/job-queue.ts";
import type { RepositoryRow } from "../repositories/repositories.repo.ts";
import {
  type ReadRepositoryEvidence,
  withRepositoryEvidence,
} from "../repository-settings/repository-evidence.ts";
import { tenantVexStatements } from "../vex/vex.repo.ts";
import { buildRunRecord, openRuleCounts } from "./run-record.ts";
import { isPullRequestRun } from "./run-triggers.ts";

export const ENGINE_VERSION = "0.1.0";
const FINDING_INSERT_CHUNK = 1000;
const PROGRESS_INTERVAL_MS = 500;

export type ScanRow = typeof scans.$inferSelect;

/** A scan failure whose message is ours and safe to show. */
class ScanFailure extends Error {}

const RETRIED_FETCH_FAILURES: ReadonlySet<FetchFailureReason> = new Set(["timed_out", "unreachable"]);
export const DEFAULT_MAX_ACTIVE_SCANS = 10;
export const DEFAULT_SCAN_CONCURRENCY = { workers: 2, perTenant: 1 };
export const SCAN_ABANDONED =
  "The scan stopped: the worker running it stopped responding or ran out of time, and no retry was left";

const MAX_PATCHES = 500;
const MAX_PATCH_BYTES = 20_000;

/** Unified diffs of the findings' mechanical fixes, by fingerprint, read while the checkout exists. */
export function patchesOf(root: string, findings: readonly EngineFinding[]): Map<string, string> {
  const patches = new Map<string, string>();
  for (const finding of findings) {
    if (patches.size >= MAX_PATCHES) break;
    if (!finding.fix || finding.suppression) continue;
    try {
      const before = readFileSync(path.join(root, finding.fix.path));
      const applied = applyFileEdits(before, finding.fix.edits);
      if (!applied.ok) continue;
      const diff = unifiedDiff(finding.fix.path, before.toString("utf8"), applied.bytes.toString("utf8"));
      if (diff && diff.length <= MAX_PATCH_BYTES) patches.set(finding.fingerprint, diff);
    } catch {
      // an unreadable file has no patch; the finding keeps its prose remediation
    }
  }
  return patches;
}

/** tenantId rides along so job listings can be filtered per tenant (see system.routes.ts). */
export const scanJobPayload = z.object({ scanId: z.uuid(), tenantId: z.uuid() });

export interface RecordedRun {
  tenantId: string;
  repositoryId: string;
  commitSha: string;
  scanId: string;
  runId: string;
  triggeredBy: string;
}

export interface ScanServiceDeps {
  db: Database;
  jobs: JobSender;
  codeHost: CodeHost;
  ledger: LedgerService;
  ledgerOrigin: string;
  /** Where the sca analyzer's advisories come from: the records of the packages the checkout declares. */
  advisories: AdvisoryStore;
  /** A hosted repository's settings read through its code host, judged as the `repository` analyzer. */
  repositoryEvidence?: ReadRepositoryEvidence;
  /** Engine worker threads per scan; 0 runs in-process. */
  engineWorkers?: number;
  /** Scans one tenant may have queued or running at once (manual and scheduled). */
  maxActiveScansPerTenant?: number;
  /** Scan workers per process, and how many of them one tenant may hold over all processes. */
  concurrency?: { workers: number; perTenant: number };
  /** Told of each recorded run (fix pull requests check whether they were merged; pull requests report). */
  afterRun?: (run: RecordedRun) => Promise<void>;
  /** Told of each scan that failed for good (a pull request's check must not wait for it forever). */
  afterFailed?: (scan: { tenantId: string; scanId: string }) => Promise<void>;
  now?: () => Date;
}

export function createScanService(deps: ScanServiceDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const rules: ReadonlyMap<string, RuleMeta> = ruleById();
  let catalogueDigest: string | undefined;
  /** SHA-256 of the rule catalogue's metadata: which rules, in which version, judged this run. */
  const ruleCatalogueDigest = () => {
    catalogueDigest ??= contentHash([...rules.values()].map(ruleMeta).sort((a, b) => (a.id < b.id ? -1 : 1)));
    return catalogueDigest;
  };

  const maxActiveScans = deps.maxActiveScansPerTenant ?? DEFAULT_MAX_ACTIVE_SCANS;
  const scanJob = defineJob({
    name: "scans.run",
    version: 1,
    payload: scanJobPayload,
    // The heartbeat finds a scan whose worker died within a minute; the expiry bounds a live one.
    queue: { retryLimit: 2, retryDelay: 10, retryBackoff: true, expireInSeconds: 1800, heartbeatSeconds: 30 },
    fairness: { tenantOf: ({ tenantId }) => tenantId, ...(deps.concurrency ?? DEFAULT_SCAN_CONCURRENCY) },
    handle: ({ scanId }, attempt) => execute(scanId, attempt.isLastAttempt),
    // No handler ran to say so when the worker died on the last attempt.
    onFailed: async ({ scanId, tenantId }) => {
      const abandoned = await db
        .update(scans)
        .set({ state: "failed", error: SCAN_ABANDONED, updatedAt: now() })
        .where(and(eq(scans.id, scanId), inArray(scans.state, ["queued", "running"])))
        .returning({ id: scans.id });
      if (abandoned.length > 0) await deps.afterFailed?.({ tenantId, scanId });
    },
  });

  /** Fired by each repository's own cron schedule (see the repositories routes). */
  const scheduledScanJob = defineJob({
    name: "scans.scheduled",
    version: 1,
    payload: z.object({ tenantId: z.uuid(), repositoryId: z.uuid() }),
    handle: async ({ tenantId, repositoryId }) => {
      const [found] = await db
        .select({ repository: repositories, closedAt: tenants.closedAt })
        .from(repositories)
        .innerJoin(tenants, eq(tenants.id, repositories.tenantId))
        .where(eq(repositories.id, repositoryId));
      const repository = found?.repository;
      // removed since it was scheduled, or its tenant closed (nothing is written to a closed tenant)
      if (!repository || repository.tenantId !== tenantId || repository.archivedAt || found.closedAt) return;
      try {
        await requestWithinQuota({ tenantId, repositoryId, triggeredBy: "schedule" });
      } catch (error) {
        // A tenant at its quota skips this occurrence; the next one tries again.
        if (!(error instanceof AppError && error.code === "rate_limited")) throw error;
      }
    },
  });

  /**
   * `request`, refused with 429 when the tenant already has its quota of scans queued or running.
   * The count and the insert hold a per-tenant lock, so parallel requests cannot both slip in.
   */
  async function requestWithinQuota(input: {
    tenantId: string;
    repositoryId: string;
    triggeredBy: string;
    ref?: string;
  }): Promise<ScanRow> {
    const created = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`scans:${input.tenantId}`}))`);
      const [active] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(scans)
        .where(and(eq(scans.tenantId, input.tenantId), inArray(scans.state, ["queued", "running"])));
      if ((active?.count ?? 0) >= maxActiveScans) {
        throw new AppError(
          "rate_limited",
          `This organization already has ${maxActiveScans} scans queued or running; try again when one has finished`,
        );
      }
      const [row] = await tx
        .insert(scans)
        .values({
          tenantId: input.tenantId,
          repositoryId: input.repositoryId,
          triggeredBy: input.triggeredBy,
          ref: input.ref ?? null,
        })
        .returning();
      return row!;
    });
    await deps.jobs.send(scanJob, { scanId: created.id, tenantId: input.tenantId });
    return created;
  }

  async function request(input: {
    tenantId: string;
    repositoryId: string;
    triggeredBy: string;
    ref?: string;
    asOf?: Date;
  }): Promise<ScanRow> {
    const [created] = await db
      .insert(scans)
      .values({
        tenantId: input.tenantId,
        repositoryId: input.repositoryId,
        triggeredBy: input.triggeredBy,
        ref: input.ref ?? null,
        asOf: input.asOf ?? null,
      })
      .returning();
    await deps.jobs.send(scanJob, { scanId: created!.id, tenantId: input.tenantId });
    return created!;
  }

  async function findScan(scanId: string): Promise<ScanRow | undefined> {
    return (await db.select().from(scans).where(eq(scans.id, scanId)))[0];
  }

  // A completed scan is final: a late attempt (its worker thought dead and retried) leaves it be.
  async function setState(scanId: string, values: Partial<ScanRow>) {
    await db
      .update(scans)
      .set({ ...values, updatedAt: now() })
      .where(and(eq(scans.id, scanId), ne(scans.state, "completed")));
  }

  async function execute(scanId: string, isLastAttempt: boolean): Promise<void> {
    const found = await findScan(scanId);
    if (!found || found.state === "completed") return; // deleted with its tenant, or a retry after success
    const [repository] = await db.select().from(repositories).where(eq(repositories.id, found.repositoryId));
    if (!repository) return;
    await setState(scanId, { state: "running", error: null, filesScanned: 0 });

    let workspace: { root: string; commitSha: string; dispose(): void } | undefined;
    try {
      const checkedOut = await deps.codeHost.workspace(repository, found.ref ?? undefined);
      if (!checkedOut.ok) {
        // The error is the checkout's own sentence with a reason class, never git's text. Only a
        // host that did not answer is tried again; a refusal, a missing repository or one over
        // the limits would fail the same way each time.
        if (isLastAttempt || !RETRIED_FETCH_FAILURES.has(checkedOut.reason)) {
          await setState(scanId, { state: "failed", error: checkedOut.error });
          await deps.afterFailed?.({ tenantId: found.tenantId, scanId });
          return;
        }
        throw new ScanFailure(checkedOut.error);
      }
      workspace = checkedOut.workspace;

      // The inventory first: it names the packages whose advisories the scan needs, and is the SBOM.
      const inventory = await directoryPackages(workspace.root);
      const advisories = await deps.advisories.sourceFor(inventory.packages);
      let lastProgressAt = 0;
      const scanned = await engineScan(workspace.root, {
        advisories,
        ...(deps.engineWorkers !== undefined ? { workers: deps.engineWorkers } : {}),
        onProgress: (progress) => {
          const at = Date.now();
          if (at - lastProgressAt < PROGRESS_INTERVAL_MS) return;
          lastProgressAt = at;
          void setState(scanId, { filesScanned: progress.filesDone });
        },
      });
      const result = withRepositoryEvidence(scanned, await deps.repositoryEvidence?.(repository, found));
      const sbom = toCycloneDx(inventory.packages, {
        name: repository.name,
        timestamp: found.asOf ?? now(),
        toolVersion: ENGINE_VERSION,
      });
      await recordRun(
        found,
        repository,
        workspace.commitSha,
        result,
        patchesOf(workspace.root, result.findings),
        {
          document: sbom,
          components: inventory.packages.length,
        },
      );
    } catch (error) {
      // Anything but our own failures may carry paths or library text: the row says less.
      const message = error instanceof ScanFailure ? error.message : "The scan failed unexpectedly";
      await setState(
        scanId,
        isLastAttempt
          ? { state: "failed", error: message }
          : { state: "queued", error: `${message} (retrying)` },
      );
      if (isLastAttempt) await deps.afterFailed?.({ tenantId: found.tenantId, scanId });
      // The queue keeps the thrown message as the attempt's error, which /api/system/jobs shows.
      throw error instanceof ScanFailure ? error : new ScanFailure(message, { cause: error });
    } finally {
      workspace?.dispose();
    }
  }

  async function recordRun(
    scan: ScanRow,
    repository: RepositoryRow,
    commitSha: string,
    result: Awaited<ReturnType<typeof engineScan>>,
    patches: ReadonlyMap<string, string>,
    sbom: { document: Record<string, unknown>; components: number },
  ) {
    const createdAt = scan.asOf ?? now();
    const tenantWaivers = await db.select().from(waivers).where(eq(waivers.tenantId, scan.tenantId));
    const record = buildRunRecord({
      scan: result,
      rules,
      waivers: tenantWaivers,
      vex: await tenantVexStatements(db, scan.tenantId),
      patches,
      identity: {
        tenantId: scan.tenantId,
        repositoryId: repository.id,
        commitSha,
        triggeredBy: scan.triggeredBy,
        createdAt,
        engineVersion: ENGINE_VERSION,
      },
      now: createdAt,
    });

    // Loaded before the transaction: on PGlite the key's first load would otherwise wait for the
    // single connection the transaction holds.
    const signingKey = await deps.ledger.signingKey();
    const recorded = await db.transaction(async (tx) => {
      // Claim the scan first: the row lock makes a second attempt of the same scan (a retry of a
      // worker thought dead) wait here, then find it completed and write nothing.
      const [claimed] = await tx
        .update(scans)
        .set({ state: "completed", updatedAt: now() })
        .where(and(eq(scans.id, scan.id), ne(scans.state, "completed")))
        .returning({ id: scans.id });
      if (!claimed) return undefined;
      // The run's evidence first: its findings as one batch, then the run itself, whose ledger
      // hash becomes the run's selfHash.
      const runId = randomUUID();
      const findingBatch = await deps.ledger.append(tx, {
        tenantId: scan.tenantId,
        artifactType: "finding",
        runId,
        createdAt,
        content: {
          kind: "finding-batch",
          runId,
          count: record.findings.length,
          failed: record.failedCount,
          digest: record.selfHash,
        },
      });
      const runArtifact = await deps.ledger.append(tx, {
        tenantId: scan.tenantId,
        artifactType: "run",
        runId,
        createdAt,
        content: {
          kind: "policy-run",
          runId,
          repositoryId: repository.id,
          repo: repository.name,
          commitSha,
          triggeredBy: scan.triggeredBy,
          status: record.status,
          filesScanned: result.filesScanned,
          failed: record.failedCount,
          engineVersion: ENGINE_VERSION,
          analyzers: result.analyzers.map((run) => ({
            analyzer: run.analyzer,
            status: run.status,
            files: run.filesAnalyzed,
          })),
          findingBatch: findingBatch.hash,
          createdAt: createdAt.toISOString(),
        },
      });
      const [run] = await tx
        .insert(policyRuns)
        .values({
          id: runId,
          tenantId: scan.tenantId,
          repositoryId: repository.id,
          repo: repository.name,
          commitSha,
          commitUrl: deps.codeHost.commitUrl(repository, commitSha),
          triggeredBy: scan.triggeredBy,
          status: record.status,
          filesScanned: result.filesScanned,
          failedCount: record.failedCount,
          analyzers: result.analyzers.map((run) => ({
            analyzer: run.analyzer,
            status: run.status,
            filesAnalyzed: run.filesAnalyzed,
            skipped: run.skipped,
          })),
          engineVersion: ENGINE_VERSION,
          selfHash: runArtifact.hash,
          createdAt,
        })
        .returning({ id: policyRuns.id });
      if (run?.id !== runId) throw new Error("run id mismatch");

      for (let i = 0; i < record.findings.length; i += FINDING_INSERT_CHUNK) {
        const chunk = record.findings.slice(i, i + FINDING_INSERT_CHUNK);
        await tx
          .insert(findingsTable)
          .values(chunk.map((finding) => ({ ...finding, tenantId: scan.tenantId, runId, createdAt })));
      }
      // SLSA provenance of what was scanned with what, signed with the instance key.
      const provenance = signScanProvenance(
        {
          subjects: [{ name: `rampart/run/${runId}`, sha256: runArtifact.hash }],
          repository:
            repository.source === "git"
              ? repository.location
              : `rampart:${repository.source}/${repository.name}`,
          commit: /^[0-9a-f]{40}$/.test(commitSha)
            ? commitSha
            : createHash("sha1").update(commitSha).digest("hex"),
          ref: scan.ref ?? scan.triggeredBy,
          engineVersion: ENGINE_VERSION,
          ruleCatalogueDigest: ruleCatalogueDigest(),
          builderId: `https://${deps.ledgerOrigin}/scanner`,
          invocationId: runId,
          startedOn: scan.createdAt.toISOString().replace(/\.\d{3}Z$/, "Z"),
          finishedOn: createdAt.toISOString().replace(/\.\d{3}Z$/, "Z"),
        },
        signingKey,
      );
      await tx.insert(provenanceAttestations).values({
        tenantId: scan.tenantId,
        runId,
        source: "scan",
        envelope: provenance,
        verified: true,
        signatureRef: keyFingerprint(publicKeyOf(signingKey)),
        createdAt,
      });
      await tx.insert(sbomArtifacts).values({
        tenantId: scan.tenantId,
        runId,
        format: "CycloneDX 1.6",
        sbomHash: contentHash(sbom.document),
        sbomData: sbom.document,
        componentCount: sbom.components,
        createdAt,
      });
      const ruleCounts = openRuleCounts(record.findings);
      if (ruleCounts.length > 0) {
        await tx
          .insert(openRuleCountsTable)
          .values(ruleCounts.map((row) => ({ ...row, tenantId: scan.tenantId, runId })));
      }
      if (record.controls.length > 0) {
        await tx
          .insert(controlResults)
          .values(record.controls.map((control) => ({ ...control, tenantId: scan.tenantId, runId })));
      }

      // Follow findings across the branch runs of this repository by fingerprint; a pull
      // request's commit neither opens nor fixes them until it is merged.
      const open = isPullRequestRun(scan.triggeredBy)
        ? []
        : record.findings.filter((f) => f.status === "fail" && !f.waiverId);
      for (let i = 0; i < open.length; i += FINDING_INSERT_CHUNK) {
        const chunk = open.slice(i, i + FINDING_INSERT_CHUNK);
        await tx
          .insert(findingTracks)
          .values(
            chunk.map((finding) => ({
              tenantId: scan.tenantId,
              repositoryId: repository.id,
              fingerprint: finding.fingerprint,
              ruleId: finding.ruleId,
              severity: finding.severity,
              firstSeenAt: createdAt,
              lastSeenAt: createdAt,
              firstRunId: runId,
              lastRunId: runId,
            })),
          )
          .onConflictDoUpdate({
            target: [findingTracks.repositoryId, findingTracks.fingerprint],
            set: {
              lastSeenAt: createdAt,
              lastRunId: runId,
              fixedAt: null,
              fixedRunId: null,
              severity: sql`excluded.severity`,
            },
          });
      }
      if (!isPullRequestRun(scan.triggeredBy))
        await tx
          .update(findingTracks)
          .set({ fixedAt: createdAt, fixedRunId: runId })
          .where(
            and(
              eq(findingTracks.repositoryId, repository.id),
              isNull(findingTracks.fixedAt),
              lt(findingTracks.lastSeenAt, createdAt),
            ),
          );

      await tx
        .update(scans)
        .set({ state: "completed", runId, filesScanned: result.filesScanned, error: null, updatedAt: now() })
        .where(eq(scans.id, scan.id));
      return runId;
    });
    if (!recorded) return;
    await deps.jobs.send(
      deps.ledger.verifyTenantJob,
      { tenantId: scan.tenantId },
      { singletonKey: scan.tenantId },
    );
    await deps.afterRun?.({
      tenantId: scan.tenantId,
      repositoryId: repository.id,
      commitSha,
      scanId: scan.id,
      runId: recorded,
      triggeredBy: scan.triggeredBy,
    });
  }

  return {
    scanJob,

    scheduledScanJob,
    request,
    requestWithinQuota,

    /** Why a repository's cron schedule would be refused, or undefined when it is fine. */
    scheduleProblem: (cron: string) => deps.jobs.scheduleProblem(cron),

    /** Keeps the repository's cron schedule in the queue in step with its setting. */
    async syncSchedule(repository: { id: string; tenantId: string; scanSchedule: string | null }) {
      if (repository.scanSchedule) {
        await deps.jobs.schedule(scheduledScanJob, repository.id, repository.scanSchedule, {
          tenantId: repository.tenantId,
          repositoryId: repository.id,
        });
      } else {
        await deps.jobs.unschedule(scheduledScanJob, repository.id);
      }
    },

    find: findScan,

    /** Polls the row (it may be updated by a worker in another process) until it settles. */
    async waitFor(scanId: string, timeoutMs: number): Promise<ScanRow | undefined> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const current = await findScan(scanId);
        if (
          !current ||
          current.state === "completed" ||
          current.state === "failed" ||
          Date.now() >= deadline
        ) {
          return current;
        }
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
    },

    activeCount: async (tenantId: string) =>
      (
        await db
          .select({ count: sql<number>`count(*)::int` })
          .from(scans)
          .where(and(eq(scans.tenantId, tenantId), inArray(scans.state, ["queued", "running"])))
      )[0]?.count ?? 0,

    /** Used by the scan job and by tests that drive a scan without the queue. */
    execute,
  };
}

export type ScanService = ReturnType<typeof createScanService>;
