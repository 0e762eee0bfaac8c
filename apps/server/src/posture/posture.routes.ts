// Dashboard summary, controls, control findings, risks, heatmap, frameworks and compliance.
import { ErrorBody } from "@rampart/contracts/common";
import {
  ComplianceParams,
  ComplianceQuery,
  ComplianceResponse,
  FrameworkList,
} from "@rampart/contracts/compliance";
import {
  ControlFindings,
  ControlFindingsQuery,
  ControlParams,
  ControlStatusRow,
  ControlsQuery,
} from "@rampart/contracts/controls";
import { DashboardSummary, SummaryQuery } from "@rampart/contracts/dashboard";
import { HeatmapResponse, RisksQuery, RisksResponse } from "@rampart/contracts/risks";
import { TenantParams } from "@rampart/contracts/tenants";
import { isFrameworkId, listFrameworks } from "@rampart/policy";
import type { onRequestAsyncHookHandler } from "fastify";
import { z } from "zod";
import { currentUser } from "../auth/authenticate.ts";
import type { CustomFrameworksService } from "../custom-frameworks/custom-frameworks.service.ts";
import { notFound } from "../errors.ts";
import type { FixesService } from "../fixes/fixes.service.ts";
import { sendEncodedOnce } from "../http/encode-once.ts";
import type { App } from "../http/types.ts";
import type { TenantAccessService } from "../tenants/tenant-access.ts";
import type { PostureService } from "./posture.service.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
/** What an auditor's summary says of every finding's fix: auditors change nothing. */
const AUDITOR_CANNOT_FIX = { available: false, reason: "Auditors have read-only access" } as const;

export function registerPostureRoutes(
  app: App,
  deps: {
    posture: PostureService;
    fixes: FixesService;
    customFrameworks: Pick<CustomFrameworksService, "customFrameworkCompliance">;
    access: TenantAccessService;
    authenticate: onRequestAsyncHookHandler;
  },
) {
  const { posture, access } = deps;
  const guarded = { onRequest: deps.authenticate };
  const read = (tenantId: string, userId: string) => access.require(tenantId, userId, "read");
  /** Control and posture summaries and compliance are reports, which an auditor may read. */
  const report = (tenantId: string, userId: string) => access.require(tenantId, userId, "evidence");

  app.get(
    "/api/tenants/:tenantId/summary",
    {
      ...guarded,
      schema: {
        tags: ["posture"],
        params: TenantParams,
        querystring: SummaryQuery,
        response: { 200: DashboardSummary, ...errors },
      },
    },
    async (request) => {
      const caller = await report(request.params.tenantId, currentUser(request).id);
      const summary = await posture.summary(request.params.tenantId, request.query.days);
      if (caller.role !== "auditor") return summary;
      // An auditor reads the report without code: no fix pull requests, and the recent findings
      // without their snippets and patches.
      return {
        ...summary,
        prSuggestions: [],
        recentFindings: summary.recentFindings.map(({ metadata, ...finding }) => {
          const { snippet: _snippet, patch: _patch, ...rest } = metadata;
          return { ...finding, metadata: rest, fix: AUDITOR_CANNOT_FIX, fixPullRequest: null };
        }),
      };
    },
  );

  app.get(
    "/api/tenants/:tenantId/controls",
    {
      ...guarded,
      schema: {
        tags: ["posture"],
        params: TenantParams,
        querystring: ControlsQuery,
        response: { 200: z.array(ControlStatusRow), ...errors },
      },
    },
    async (request) => {
      await report(request.params.tenantId, currentUser(request).id);
      return posture.controls(request.params.tenantId, request.query.type);
    },
  );

  app.get(
    "/api/controls/:controlId/findings",
    {
      ...guarded,
      schema: {
        tags: ["posture"],
        params: ControlParams,
        querystring: ControlFindingsQuery,
        response: { 200: ControlFindings, ...errors },
      },
    },
    async (request, reply) => {
      const { tenantId } = request.query;
      await read(tenantId, currentUser(request).id);
      const detail = await posture.controlDetail(tenantId, request.params.controlId);
      if (!detail) throw notFound("Control not found");
      // The detail comes from a cache shared by every request until the data changes.
      return sendEncodedOnce(reply, ControlFindings, detail);
    },
  );

  app.get(
    "/api/tenants/:tenantId/risks",
    {
      ...guarded,
      schema: {
        tags: ["posture"],
        params: TenantParams,
        querystring: RisksQuery,
        response: { 200: RisksResponse, ...errors },
      },
    },
    async (request) => {
      await report(request.params.tenantId, currentUser(request).id);
      return posture.risks(request.params.tenantId, request.query);
    },
  );

  app.get(
    "/api/tenants/:tenantId/risk-heatmap",
    {
      ...guarded,
      schema: { tags: ["posture"], params: TenantParams, response: { 200: HeatmapResponse, ...errors } },
    },
    async (request) => {
      await report(request.params.tenantId, currentUser(request).id);
      return posture.heatmap(request.params.tenantId);
    },
  );

  app.get(
    "/api/frameworks",
    { ...guarded, schema: { tags: ["compliance"], response: { 200: FrameworkList, 401: ErrorBody } } },
    () => listFrameworks().map((framework) => ({ ...framework })),
  );

  app.get(
    "/api/compliance/:frameworkId",
    {
      ...guarded,
      schema: {
        tags: ["compliance"],
        params: ComplianceParams,
        querystring: ComplianceQuery,
        response: { 200: ComplianceResponse, ...errors },
      },
    },
    async (request) => {
      const { tenantId } = request.query;
      await report(tenantId, currentUser(request).id);
      const { frameworkId } = request.params;
      if (isFrameworkId(frameworkId)) return posture.compliance(tenantId, frameworkId, request.query);
      // Otherwise a tenant's own framework (404 when it is not this tenant's).
      return posture.customCompliance(tenantId, request.query, (results, evidence, at) =>
        deps.customFrameworks.customFrameworkCompliance(tenantId, frameworkId, results, evidence, at),
      );
    },
  );
}
