// GET /api/tenants/{tenantId}/narratives/{runs|evidence|compliance}: a page's narrator summary,
// computed from the same data and filters as the page, with the same access as the page's data
// (runs are working data; evidence and compliance are reports an auditor may read).
import { ErrorBody } from "@rampart/contracts/common";
import {
  ComplianceNarrativeQuery,
  EvidenceNarrativeQuery,
  PageNarrative,
  RunsNarrativeQuery,
} from "@rampart/contracts/narratives";
import { TenantParams } from "@rampart/contracts/tenants";
import type { Database } from "@rampart/db/client";
import { isFrameworkId } from "@rampart/policy";
import type { onRequestAsyncHookHandler } from "fastify";
import type { Narrator } from "../advisor/narratives-model.ts";
import { currentUser } from "../auth/authenticate.ts";
import { notFound } from "../errors.ts";
import { evidencePage } from "../evidence/evidence.routes.ts";
import type { LedgerService } from "../evidence/ledger.service.ts";
import type { App } from "../http/types.ts";
import type { PostureService } from "../posture/posture.service.ts";
import type { RunsRepo } from "../runs/runs.repo.ts";
import type { TenantAccessService } from "../tenants/tenant-access.ts";
import { complianceFigures, evidenceFigures, type PageFigures, runsFigures } from "./page-narratives.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody };

export function registerPageNarrativeRoutes(
  app: App,
  deps: {
    db: Database;
    narrator: Narrator;
    runs: Pick<RunsRepo, "countMatching">;
    ledger: LedgerService;
    posture: Pick<PostureService, "compliance">;
    access: TenantAccessService;
    authenticate: onRequestAsyncHookHandler;
  },
) {
  const { access, narrator } = deps;
  // A model call per new data version: bounded like the other model-backed reads.
  const guarded = {
    onRequest: deps.authenticate,
    config: { rateLimit: { max: 60, timeWindow: "1 minute" } },
  };
  const common = { tags: ["narratives"], params: TenantParams, response: { 200: PageNarrative, ...errors } };

  async function narrate(tenantId: string, page: string, figures: PageFigures): Promise<PageNarrative> {
    const { summary, source } = await narrator.summarize(tenantId, page, figures.facts, figures.template);
    return { summary, source, confidence: figures.confidence, trend: figures.trend };
  }

  app.get(
    "/api/tenants/:tenantId/narratives/runs",
    { ...guarded, schema: { ...common, querystring: RunsNarrativeQuery } },
    async (request) => {
      const { tenantId } = request.params;
      await access.require(tenantId, currentUser(request).id, "read");
      const counts = await deps.runs.countMatching(tenantId, { ...request.query, limit: 50 }, new Date());
      return narrate(tenantId, "Policy Runs", runsFigures(counts));
    },
  );

  app.get(
    "/api/tenants/:tenantId/narratives/evidence",
    { ...guarded, schema: { ...common, querystring: EvidenceNarrativeQuery } },
    async (request) => {
      const { tenantId } = request.params;
      await access.require(tenantId, currentUser(request).id, "evidence");
      const page = await evidencePage(deps, tenantId, request.query);
      return narrate(tenantId, "Evidence ledger", evidenceFigures(page));
    },
  );

  app.get(
    "/api/tenants/:tenantId/narratives/compliance",
    { ...guarded, schema: { ...common, querystring: ComplianceNarrativeQuery } },
    async (request) => {
      const { tenantId } = request.params;
      const { frameworkId } = request.query;
      await access.require(tenantId, currentUser(request).id, "evidence");
      if (!isFrameworkId(frameworkId)) throw notFound("Framework not found");
      const { framework, compliance } = await deps.posture.compliance(tenantId, frameworkId);
      return narrate(tenantId, "Compliance Overview", complianceFigures(framework.name, compliance));
    },
  );
}
