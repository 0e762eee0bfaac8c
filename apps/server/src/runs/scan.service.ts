// Scans as jobs: a request becomes a `scans` row and a queued job; the worker checks the commit
// out, runs the engine, and stores the run with all its rows in one transaction. An attempt that
// may succeed later is retried with back-off by the queue; a scan that fails for good, or is
// skipped, is recorded as a run with its reason (and in the ledger), so that it explains itself.

import { createHash, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { totalmem } from "node:os";
import path from "node:path";
import type { FetchFailureReason } from "@rampart/checkout";
import { type RunReasonCode, UPLOAD_TRIGGER } from "@rampart/contracts/runs";
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
import {
  contentHash,
  IN_TOTO_PAYLOAD_TYPE,
  keyFingerprint,
  scanProvenanceStatement,
  signEnvelopeDelegable,
  statementBytes,
} from "@rampart/ledger";
import { and, desc, eq, inArray, isNotNull, isNull, lt, ne, sql } from "drizzle-orm";
import { z } from "zod";
import type { AdvisoryStore } from "../advisories/advisory-store.ts";
import type { CodeHost } from "../code-host/code-host.ts";
import { AppError } from "../errors.ts";
import type { LedgerService } from "../evidence/ledger.service.ts";
import type { ScanConnections } from "../github/scan-connections.ts";
import { DEFERRED_OUTPUT, defineJob, type JobSender } from "../jobs/job-queue.ts";
import type { RepositoryRow } from "../repositories/repositories.repo.ts";
import {
  type ReadRepositoryEvidence,
  withRepositoryEvidence,
} from "../repository-settings/repository-evidence.ts";
import {
  createScanMemoryBudget,
  defaultScanMemoryBudgetBytes,
  type ScanMemoryBudget,
  type ScanMemoryLease,
} from "../scan-memory/memory-budget.ts";
import { estimateFromPeak, estimateFromTreeSize } from "../scan-memory/memory-estimate.ts";
import { type PeakMemorySampler, startPeakMemorySampler } from "../scan-memory/peak-memory.ts";
import { treeSize } from "../scan-memory/tree-size.ts";
import { tenantVexStatements } from "../vex/vex.repo.ts";
import { buildRunRecord, openRuleCounts } from "./run-record.ts";
import { isPullRequestRun } from "./run-triggers.ts";

export const ENGINE_VERSION = "0.1.0";
const FINDING_INSERT_CHUNK = 1000;
const PROGRESS_INTERVAL_MS = 500;

export type ScanRow = typeof scans.$inferSelect;

/** A scan failure whose message is ours and safe to show. */
class ScanFailure extends Error {}

/**
 * Fetch failures that a later try may not meet: a host that did not answer. A refusal, a missing
 * repository, missing credentials or one over the limits fail the same way each time.
 */
const TRANSIENT_FETCH_FAILURES: ReadonlySet<FetchFailureReason> = new Set(["timed_out", "unreachable"]);
/** Triggers of scans someone is waiting on: they fail at once with the reason, and the user scans again. */
const WAITED_ON_TRIGGERS: ReadonlySet<string> = new Set(["manual"]);
/** Why a run evaluated nothing, with the status it is recorded under (see policy_runs.reason_code). */
type Unevaluated = { status: "fail" | "skip"; code: RunReasonCode; message: string };
export const SCAN_UNEXPECTED_FAILURE = "The scan failed unexpectedly";
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

/** What a stored run was made of: the engine's findings and analyzer statuses, from here or from CI. */
export type ScanOutcome = Pick<
  Awaited<ReturnType<typeof engineScan>>,
  "findings" | "analyzers" | "filesScanned"
> &
  Partial<Pick<Awaited<ReturnType<typeof engineScan>>, "customRules">>;

/**
 * The built-in rules plus the custom rules the checkout's `.rampart/rules/` added to this scan, so
 * their findings carry a title, remediation and controls like any other.
 */
function rulesOfScan(
  rules: ReadonlyMap<string, RuleMeta>,
  result: ScanOutcome,
): ReadonlyMap<string, RuleMeta> {
  if (!result.customRules || result.customRules.length === 0) return rules;
  const merged = new Map(rules);
  for (const rule of result.customRules) if (!merged.has(rule.id)) merged.set(rule.id, rule);
  return merged;
}

/**
 * Who produced a run's findings. A scan of this server's own is signed as SLSA provenance with the
 * instance key and carries an SBOM of the checkout; a run uploaded from CI has neither, since this
 * server saw no code: its ledger entry names the upload instead.
 */
interface RunOrigin {
  engineVersion: string;
  sbom?: { document: Record<string, unknown>; components: number };
  signProvenance: boolean;
  /** Added to the run's ledger entry. */
  ledgerFacts?: Record<string, unknown>;
  /** The scan's memory, measured on this server; stopped when the run is stored. */
  memory?: PeakMemorySampler;
}

/**
 * tenantId rides along so job listings can be filtered per tenant (see system.routes.ts).
 * `memoryEstimateBytes` is set on a scan sent back to the queue for want of memory: what its
 * checkout measured, so that the next try knows it before checking out again.
 */
export const scanJobPayload = z.object({
  scanId: z.uuid(),
  tenantId: z.uuid(),
  memoryEstimateBytes: z.number().int().positive().optional(),
  /** When the scan first found no room in the memory budget (epoch ms): it ages from then. */
  waitingSince: z.number().int().positive().optional(),
});

/** How long a scan that did not fit in the memory budget stays queued before it is tried again. */
export const DEFAULT_MEMORY_RETRY_SECONDS = 5;

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
  /** The code host's API for the engine's online checks (workflow action refs); offline without it. */
  onlineConnections?: ScanConnections;
  /** Engine worker threads per scan; 0 runs in-process. */
  engineWorkers?: number;
  /** Scans one tenant may have queued or running at once (manual and scheduled). */
  maxActiveScansPerTenant?: number;
  /** Scan workers per process, and how many of them one tenant may hold over all processes. */
  concurrency?: { workers: number; perTenant: number };
  /**
   * This process's memory for scans: a scan from the queue starts only when its estimate fits,
   * else it goes back to the queue. Default: half the process's memory (scan-memory/memory-budget.ts).
   */
  memoryBudget?: ScanMemoryBudget;
  /** How long a scan that did not fit stays queued before it is tried again. */
  memoryRetrySeconds?: number;
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
  const memoryBudget =
    deps.memoryBudget ??
    createScanMemoryBudget(
      defaultScanMemoryBudgetBytes({ constrained: process.constrainedMemory?.(), total: totalmem() }),
    );
  const memoryRetrySeconds = deps.memoryRetrySeconds ?? DEFAULT_MEMORY_RETRY_SECONDS;
  const scanJob = defineJob({
    name: "scans.run",
    version: 1,
    payload: scanJobPayload,
    // The heartbeat finds a scan whose worker died within a minute; the expiry bounds a live one.
    queue: { retryLimit: 2, retryDelay: 10, retryBackoff: true, expireInSeconds: 1800, heartbeatSeconds: 30 },
    fairness: { tenantOf: ({ tenantId }) => tenantId, ...(deps.concurrency ?? DEFAULT_SCAN_CONCURRENCY) },
    handle: ({ scanId, memoryEstimateBytes, waitingSince }, attempt) =>
      execute(scanId, attempt.isLastAttempt, { queued: { memoryEstimateBytes, waitingSince } }),
    // No handler ran to say so when the worker died on the last attempt.
    onFailed: async ({ scanId }) => {
      const found = await findScan(scanId);
      if (!found) return;
      const [repository] = await db
        .select()
        .from(repositories)
        .where(eq(repositories.id, found.repositoryId));
      if (!repository) return;
      await recordUnevaluated(found, repository, {
        status: "fail",
        code: "abandoned",
        message: SCAN_ABANDONED,
      });
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
        // A tenant at its quota skips this occurrence, recorded as a skipped run; the next one tries again.
        if (!(error instanceof AppError && error.code === "rate_limited")) throw error;
        await recordUnevaluated({ tenantId, triggeredBy: "schedule" }, repository, {
          status: "skip",
          code: "quota",
          message: `Skipped: this organization already had ${maxActiveScans} scans queued or running; the next scheduled scan tries again`,
        });
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

  interface ScanInput {
    tenantId: string;
    repositoryId: string;
    triggeredBy: string;
    ref?: string;
    /** Record the run as of this time (a demo sample's commit date) instead of now. */
    asOf?: Date;
  }

  /** A scan row that no job runs: its caller runs it with `execute` (the demo seed, in time order). */
  async function create(input: ScanInput): Promise<ScanRow> {
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
    return created!;
  }

  async function request(input: ScanInput): Promise<ScanRow> {
    const created = await create(input);
    await deps.jobs.send(scanJob, { scanId: created.id, tenantId: input.tenantId });
    return created;
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

  /** The estimate from the repository's last recorded peak, when one was recorded. */
  async function estimateFromLastPeak(repositoryId: string): Promise<number | undefined> {
    const [last] = await db
      .select({ peak: policyRuns.peakMemoryBytes })
      .from(policyRuns)
      .where(and(eq(policyRuns.repositoryId, repositoryId), isNotNull(policyRuns.peakMemoryBytes)))
      .orderBy(desc(policyRuns.createdAt))
      .limit(1);
    return last?.peak != null ? estimateFromPeak(last.peak) : undefined;
  }

  /**
   * A scan from the queue that does not fit in the memory budget goes back to it, still queued,
   * with its estimate, to be tried again in `memoryRetrySeconds`; no attempt is spent on it.
   */
  async function requeueForMemory(
    scanId: string,
    tenantId: string,
    memoryEstimateBytes: number,
    waitingSince: number,
  ) {
    await deps.jobs.send(
      scanJob,
      { scanId, tenantId, memoryEstimateBytes, waitingSince },
      { startAfterSeconds: memoryRetrySeconds },
    );
    await setState(scanId, { state: "queued" });
    return DEFERRED_OUTPUT;
  }

  /**
   * Runs a scan. From the queue (`queued`), it first reserves its memory estimate in the budget
   * and goes back to the queue when it does not fit: before the checkout when the estimate is
   * known (the job carries it, or the repository's last run recorded its peak), else after it,
   * from its size. Called directly (the demo seed, tests), the reservation is made regardless.
   */
  async function execute(
    scanId: string,
    isLastAttempt: boolean,
    options: { queued?: { memoryEstimateBytes?: number; waitingSince?: number } } = {},
  ): Promise<typeof DEFERRED_OUTPUT | undefined> {
    const found = await findScan(scanId);
    if (!found || found.state === "completed") return; // deleted with its tenant, or a retry after success
    const [repository] = await db.select().from(repositories).where(eq(repositories.id, found.repositoryId));
    if (!repository) return;
    const { queued } = options;
    const waitingSince = queued?.waitingSince ?? Date.now();
    const reserve = (estimate: number) =>
      memoryBudget.tryAcquire(estimate, { force: !queued, requester: { scanId, waitingSince } });
    let lease: ScanMemoryLease | undefined;
    const knownEstimate = queued?.memoryEstimateBytes ?? (await estimateFromLastPeak(repository.id));
    if (knownEstimate !== undefined) {
      lease = reserve(knownEstimate);
      if (!lease) return requeueForMemory(scanId, found.tenantId, knownEstimate, waitingSince);
    }

    let workspace: { root: string; commitSha: string; dispose(): void } | undefined;
    let sampler: PeakMemorySampler | undefined;
    try {
      await setState(scanId, { state: "running", error: null, filesScanned: 0 });
      const checkedOut = await deps.codeHost.workspace(repository, found.ref ?? undefined);
      if (!checkedOut.ok) {
        // The error is the checkout's own sentence with a reason class, never git's text. Only a
        // host that did not answer is tried again, and only when nobody is waiting on the scan.
        const retried =
          !isLastAttempt &&
          TRANSIENT_FETCH_FAILURES.has(checkedOut.reason) &&
          !WAITED_ON_TRIGGERS.has(found.triggeredBy);
        if (!retried) {
          await recordUnevaluated(found, repository, {
            status: "fail",
            code: checkedOut.reason,
            message: checkedOut.error,
          });
          return;
        }
        throw new ScanFailure(checkedOut.error);
      }
      workspace = checkedOut.workspace;
      if (!lease) {
        const estimate = estimateFromTreeSize(await treeSize(workspace.root));
        lease = reserve(estimate);
        if (!lease) return await requeueForMemory(scanId, found.tenantId, estimate, waitingSince);
      }
      sampler = startPeakMemorySampler();

      // The inventory first: it names the packages whose advisories the scan needs, and is the SBOM.
      const inventory = await directoryPackages(workspace.root);
      const advisories = await deps.advisories.sourceFor(inventory.packages);
      const online = await deps.onlineConnections?.(repository, found, workspace.root);
      let lastProgressAt = 0;
      const scanned = await engineScan(workspace.root, {
        advisories,
        ...(online ? { online } : {}),
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
          engineVersion: ENGINE_VERSION,
          sbom: { document: sbom, components: inventory.packages.length },
          signProvenance: true,
          memory: sampler,
        },
      );
    } catch (error) {
      // Anything but our own failures may carry paths or library text: the row says less.
      const message = error instanceof ScanFailure ? error.message : SCAN_UNEXPECTED_FAILURE;
      if (isLastAttempt) {
        await recordUnevaluated(found, repository, { status: "fail", code: "scan_error", message }).catch(
          // The database itself may be what failed: the scan row at least says so.
          () => setState(scanId, { state: "failed", error: message }),
        );
      } else {
        await setState(scanId, { state: "queued", error: `${message} (retrying)` });
      }
      // The queue keeps the thrown message as the attempt's error, which /api/system/jobs shows.
      throw error instanceof ScanFailure ? error : new ScanFailure(message, { cause: error });
    } finally {
      // Whatever happened, the scan's memory is given back (a process that died gives back all).
      sampler?.stop();
      lease?.release();
      workspace?.dispose();
    }
  }

  /**
   * Records a scan that evaluated nothing as a run with its reason, and its ledger entry, in one
   * transaction; and settles the scan as failed with that run. A scan already settled (completed
   * by another attempt, or failed) is left alone, so `onFailed` after a handled failure adds nothing.
   * A skipped occurrence of a schedule has no scan row.
   */
  async function recordUnevaluated(
    scan: Pick<ScanRow, "tenantId" | "triggeredBy"> & Partial<Pick<ScanRow, "id" | "asOf">>,
    repository: RepositoryRow,
    outcome: Unevaluated,
  ) {
    const createdAt = scan.asOf ?? now();
    const runId = await db.transaction(async (tx) => {
      if (scan.id) {
        const [claimed] = await tx
          .update(scans)
          .set({ state: "failed", error: outcome.message, updatedAt: now() })
          .where(and(eq(scans.id, scan.id), inArray(scans.state, ["queued", "running"])))
          .returning({ id: scans.id });
        if (!claimed) return undefined;
      }
      const runId = randomUUID();
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
          triggeredBy: scan.triggeredBy,
          status: outcome.status,
          reason: outcome.code,
          reasonText: outcome.message,
          filesScanned: 0,
          failed: 0,
          engineVersion: ENGINE_VERSION,
          createdAt: createdAt.toISOString(),
        },
      });
      await tx.insert(policyRuns).values({
        id: runId,
        tenantId: scan.tenantId,
        repositoryId: repository.id,
        repo: repository.name,
        commitSha: "",
        commitUrl: null,
        triggeredBy: scan.triggeredBy,
        status: outcome.status,
        filesScanned: 0,
        failedCount: 0,
        analyzers: [],
        engineVersion: ENGINE_VERSION,
        selfHash: runArtifact.hash,
        reasonCode: outcome.code,
        reason: outcome.message,
        createdAt,
      });
      if (scan.id) await tx.update(scans).set({ runId }).where(eq(scans.id, scan.id));
      return runId;
    });
    if (!runId) return;
    await deps.jobs.send(
      deps.ledger.verifyTenantJob,
      { tenantId: scan.tenantId },
      { singletonKey: scan.tenantId },
    );
    if (scan.id) await deps.afterFailed?.({ tenantId: scan.tenantId, scanId: scan.id });
  }

  /** Stores a finished scan as a run; the run's id, or undefined when another attempt stored it. */
  async function recordRun(
    scan: ScanRow,
    repository: RepositoryRow,
    commitSha: string,
    result: ScanOutcome,
    patches: ReadonlyMap<string, string>,
    origin: RunOrigin,
  ): Promise<string | undefined> {
    const createdAt = scan.asOf ?? now();
    const tenantWaivers = await db.select().from(waivers).where(eq(waivers.tenantId, scan.tenantId));
    const record = buildRunRecord({
      scan: result,
      rules: rulesOfScan(rules, result),
      waivers: tenantWaivers,
      vex: await tenantVexStatements(db, scan.tenantId),
      patches,
      identity: {
        tenantId: scan.tenantId,
        repositoryId: repository.id,
        commitSha,
        triggeredBy: scan.triggeredBy,
        createdAt,
        engineVersion: origin.engineVersion,
      },
      now: createdAt,
    });

    // Loaded before the transaction: on PGlite the key's first load would otherwise wait for the
    // single connection the transaction holds.
    const signer = await deps.ledger.signer();
    // The scan's memory up to here: the engine's, and the record built from its findings.
    const peakMemoryBytes = origin.memory?.stop() ?? null;
    const recorded = await db.transaction(async (tx): Promise<string | undefined> => {
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
          engineVersion: origin.engineVersion,
          analyzers: result.analyzers.map((run) => ({
            analyzer: run.analyzer,
            status: run.status,
            files: run.filesAnalyzed,
          })),
          findingBatch: findingBatch.hash,
          createdAt: createdAt.toISOString(),
          ...origin.ledgerFacts,
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
            ...(run.reason !== undefined ? { reason: run.reason } : {}),
          })),
          engineVersion: origin.engineVersion,
          selfHash: runArtifact.hash,
          peakMemoryBytes,
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
      if (origin.signProvenance) {
        // A KMS key signs a statement this long through its delegate (packages/ledger key-delegation.ts).
        const provenance = await signEnvelopeDelegable(
          IN_TOTO_PAYLOAD_TYPE,
          statementBytes(
            scanProvenanceStatement({
              subjects: [{ name: `rampart/run/${runId}`, sha256: runArtifact.hash }],
              repository:
                repository.source === "git"
                  ? repository.location
                  : `rampart:${repository.source}/${repository.name}`,
              commit: /^[0-9a-f]{40}$/.test(commitSha)
                ? commitSha
                : createHash("sha1").update(commitSha).digest("hex"),
              ref: scan.ref ?? scan.triggeredBy,
              engineVersion: origin.engineVersion,
              ruleCatalogueDigest: ruleCatalogueDigest(),
              builderId: `https://${deps.ledgerOrigin}/scanner`,
              invocationId: runId,
              startedOn: scan.createdAt.toISOString().replace(/\.\d{3}Z$/, "Z"),
              finishedOn: createdAt.toISOString().replace(/\.\d{3}Z$/, "Z"),
            }),
          ),
          signer,
        );
        await tx.insert(provenanceAttestations).values({
          tenantId: scan.tenantId,
          runId,
          source: "scan",
          envelope: provenance.envelope,
          delegation: provenance.delegation ?? null,
          verified: true,
          signatureRef: keyFingerprint(signer.publicKey),
          createdAt,
        });
      }
      if (origin.sbom) {
        await tx.insert(sbomArtifacts).values({
          tenantId: scan.tenantId,
          runId,
          format: "CycloneDX 1.6",
          sbomHash: contentHash(origin.sbom.document),
          sbomData: origin.sbom.document,
          componentCount: origin.sbom.components,
          createdAt,
        });
      }
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
    if (!recorded) return undefined;
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
    return recorded;
  }

  /**
   * Stores a scan CI ran and uploaded (POST /api/runs/upload) as a run of `repository`, through
   * the same steps as the server's own scans (waivers, VEX, control results, ledger, finding
   * tracks), so that the two are judged alike. A `scans` row records it, as for every run.
   */
  async function recordUpload(input: {
    tenantId: string;
    repository: RepositoryRow;
    commitSha: string;
    branch: string | null;
    result: ScanOutcome;
    engineVersion: string;
    uploadedWith: { tokenId: string; tokenName: string };
  }): Promise<string> {
    const [scan] = await db
      .insert(scans)
      .values({
        tenantId: input.tenantId,
        repositoryId: input.repository.id,
        triggeredBy: UPLOAD_TRIGGER,
        ref: input.branch,
        state: "running",
        filesScanned: input.result.filesScanned,
      })
      .returning();
    try {
      const runId = await recordRun(scan!, input.repository, input.commitSha, input.result, new Map(), {
        engineVersion: input.engineVersion,
        signProvenance: false,
        ledgerFacts: {
          upload: { tokenId: input.uploadedWith.tokenId, tokenName: input.uploadedWith.tokenName },
          ...(input.branch ? { branch: input.branch } : {}),
        },
      });
      if (!runId) throw new Error("the uploaded run was not recorded");
      return runId;
    } catch (error) {
      // Leaves no "running" scan behind to count against the tenant's active scans.
      await setState(scan!.id, { state: "failed", error: "The upload could not be stored" });
      throw error;
    }
  }

  return {
    scanJob,

    scheduledScanJob,
    create,
    request,
    recordUpload,
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

    /** What this process's scans hold of their memory budget now. */
    memoryUsage: () => memoryBudget.usage(),
  };
}

export type ScanService = ReturnType<typeof createScanService>;
