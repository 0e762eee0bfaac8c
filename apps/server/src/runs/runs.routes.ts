// Scan trigger and progress, the runs list with filters and cursor pagination, and run detail.
import { ErrorBody } from "@rampart/contracts/common";
import {
  RunDetail,
  RunParams,
  RunsPage,
  RunsQuery,
  ScanParams,
  TriggerRunBody,
  TriggerRunResponse,
  type Waiver,
} from "@rampart/contracts/runs";
import { TenantParams } from "@rampart/contracts/tenants";
import type { onRequestAsyncHookHandler } from "fastify";
import { currentUser } from "../auth/authenticate.ts";
import { UPLOADED_ONLY } from "../code-host/code-host.ts";
import { AppError, notFound } from "../errors.ts";
import { toEvidenceArtifact } from "../evidence/evidence.mapper.ts";
import type { LedgerService } from "../evidence/ledger.service.ts";
import { toWaiver } from "../findings/waivers.service.ts";
import type { FixesService } from "../fixes/fixes.service.ts";
import type { App } from "../http/types.ts";
import type { RepositoriesRepo } from "../repositories/repositories.repo.ts";
import { mayReadEvidence, type TenantAccessService } from "../tenants/tenant-access.ts";
import { decodeCursor, type RunsRepo, toFinding, toRun } from "./runs.repo.ts";
import type { ScanRow, ScanService } from "./scan.service.ts";

const errors = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  422: ErrorBody,
  429: ErrorBody,
};

async function scanSummary(scan: ScanRow, runs: RunsRepo) {
  const run = scan.runId ? await runs.find(scan.tenantId, scan.runId) : undefined;
  return {
    scanId: scan.id,
    state: scan.state,
    runId: scan.runId,
    filesScanned: run?.filesScanned ?? scan.filesScanned,
    failed: run?.failedCount ?? 0,
    error: scan.error,
  };
}

export function registerRunRoutes(
  app: App,
  deps: {
    scans: ScanService;
    runs: RunsRepo;
    repositories: RepositoriesRepo;
    access: TenantAccessService;
    authenticate: onRequestAsyncHookHandler;
    scanWaitSeconds: number;
    ledger: LedgerService;
    fixes: Pick<FixesService, "ofRun" | "pullRequestsFixing">;
  },
) {
  const { scans, runs, access } = deps;
  const guarded = { onRequest: deps.authenticate };

  app.post(
    "/api/runs/trigger",
    {
      ...guarded,
      config: { rateLimit: { max: 20, timeWindow: "1 minute" } },
      schema: {
        tags: ["runs"],
        body: TriggerRunBody,
        response: { 200: TriggerRunResponse, 202: TriggerRunResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { tenantId, repo } = request.body;
      await access.require(tenantId, currentUser(request).id, "scan");
      // A repository known only from CI uploads has no code here to scan.
      const repository = repo
        ? await deps.repositories.findByNameOrId(tenantId, repo)
        : (await deps.repositories.list(tenantId)).find((candidate) => candidate.source !== "upload");
      if (!repository) {
        throw new AppError(
          "bad_request",
          repo ? `No repository named ${repo} in this organization` : "Add a repository to scan first",
        );
      }
      if (repository.source === "upload")
        throw new AppError("bad_request", `${repository.name}: ${UPLOADED_ONLY}`);
      const requested = await scans.requestWithinQuota({
        tenantId,
        repositoryId: repository.id,
        triggeredBy: "manual",
      });
      const settled = (await scans.waitFor(requested.id, deps.scanWaitSeconds * 1000)) ?? requested;
      if (settled.state === "failed")
        throw new AppError("unprocessable", `Scan failed: ${settled.error ?? "unknown error"}`);
      const summary = await scanSummary(settled, runs);
      return reply.status(settled.state === "completed" ? 200 : 202).send(summary);
    },
  );

  app.get(
    "/api/scans/:scanId",
    {
      ...guarded,
      schema: { tags: ["runs"], params: ScanParams, response: { 200: TriggerRunResponse, ...errors } },
    },
    async (request) => {
      const scan = await scans.find(request.params.scanId);
      if (!scan) throw notFound("Scan not found");
      await access.requireForRecord(scan.tenantId, currentUser(request).id, "read", "Scan not found");
      return scanSummary(scan, runs);
    },
  );

  app.get(
    "/api/tenants/:tenantId/runs",
    {
      ...guarded,
      schema: {
        tags: ["runs"],
        params: TenantParams,
        querystring: RunsQuery,
        response: { 200: RunsPage, ...errors },
      },
    },
    async (request) => {
      const { tenantId } = request.params;
      await access.require(tenantId, currentUser(request).id, "read");
      const cursor = request.query.cursor ? decodeCursor(request.query.cursor) : undefined;
      if (request.query.cursor && !cursor)
        throw new AppError("bad_request", "querystring.cursor: not a cursor of this list");
      const now = new Date();
      const [page, counts] = await Promise.all([
        runs.list(tenantId, request.query, now, cursor),
        runs.countMatching(tenantId, request.query, now),
      ]);
      return { runs: page.rows.map(toRun), nextCursor: page.nextCursor, counts };
    },
  );

  app.get(
    "/api/runs/:id",
    { ...guarded, schema: { tags: ["runs"], params: RunParams, response: { 200: RunDetail, ...errors } } },
    async (request) => {
      const run = await runs.findAnyTenant(request.params.id);
      if (!run) throw notFound("Run not found");
      const caller = await access.requireForRecord(
        run.tenantId,
        currentUser(request).id,
        "read",
        "Run not found",
      );
      const rows = await runs.findingsOfRun(run.tenantId, run.id);
      const fixOf = await deps.fixes.pullRequestsFixing(
        run.tenantId,
        rows.map((row) => ({ repositoryId: run.repositoryId, fingerprint: row.fingerprint })),
      );
      const waiverIds = [...new Set(rows.flatMap((row) => (row.waiverId ? [row.waiverId] : [])))];
      const waivers: Waiver[] = (await runs.waiversOf(run.tenantId, waiverIds)).map(toWaiver);
      return {
        run: toRun(run),
        findings: rows.map((row) =>
          toFinding(row, run, fixOf({ repositoryId: run.repositoryId, fingerprint: row.fingerprint })),
        ),
        analyzers: run.analyzers as RunDetail["analyzers"],
        waivers,
        prSuggestions: await deps.fixes.ofRun(run.tenantId, run.id, run.repo),
        // The run's ledger entries are evidence: an auditor sees them only while auditor access is on.
        evidenceArtifacts: mayReadEvidence(caller)
          ? (await deps.ledger.ofRun(run.tenantId, run.id)).map(toEvidenceArtifact)
          : [],
      };
    },
  );
}
