// Fix pull requests (spec part 2, §7): open one for a SAST or a dependency finding, or for any
// finding that has a fix (the dashboard's "Create Fix PR"), and list a tenant's. The PR Bot
// page's live count is pr-bot/pr-bot.routes.ts.
import { ErrorBody } from "@rampart/contracts/common";
import { FixRequest, FixResponse, PrSuggestionsPage, PrSuggestionsQuery } from "@rampart/contracts/fixes";
import { TenantParams } from "@rampart/contracts/tenants";
import type { Database } from "@rampart/db/client";
import { findings } from "@rampart/db/schema";
import { planDependencyUpgrade } from "@rampart/engine/sca/upgrade/index";
import { eq } from "drizzle-orm";
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from "fastify";
import { currentUser } from "../auth/authenticate.ts";
import { AppError, notFound } from "../errors.ts";
import type { App } from "../http/types.ts";
import type { FindingRow } from "../runs/runs.repo.ts";
import { specEcosystemName } from "../sca/ecosystems.ts";
import type { TenantAccessService } from "../tenants/tenant-access.ts";
import { fixAvailability, VULNERABLE_DEPENDENCY } from "./fix-availability.ts";
import { dependencyGroupKey, planDependencyGroup } from "./fix-groups.ts";
import { planPatchFix } from "./fix-plans.ts";
import type { FixesService, FixPlanner } from "./fixes.service.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const FINDING_NOT_FOUND = "Finding not found";

export function registerFixRoutes(
  app: App,
  deps: {
    db: Database;
    fixes: FixesService;
    access: TenantAccessService;
    authenticate: onRequestAsyncHookHandler;
  },
) {
  const guarded = { onRequest: deps.authenticate };
  const openSchema = {
    tags: ["fixes"],
    body: FixRequest,
    response: { 200: FixResponse, 201: FixResponse, ...errors },
  };

  /**
   * The finding, when the user may open fixes in its tenant: 404 for another tenant's, 403 for an
   * auditor. Opening a fix is a scan-like action, in a user's own demo organization too.
   */
  async function fixableFinding(request: FastifyRequest, findingId: string): Promise<FindingRow> {
    const [finding] = await deps.db.select().from(findings).where(eq(findings.id, findingId));
    if (!finding) throw notFound(FINDING_NOT_FOUND);
    await deps.access.requireForRecord(finding.tenantId, currentUser(request).id, "scan", FINDING_NOT_FOUND);
    return finding;
  }

  async function openFix(reply: FastifyReply, finding: FindingRow, planner: FixPlanner) {
    const { suggestion, created } = await deps.fixes.open(finding, planner);
    return reply.status(created ? 201 : 200).send({
      pr: {
        number: suggestion.hostNumber ?? suggestion.number,
        branchName: suggestion.branchName,
        url: suggestion.url,
      },
    });
  }

  /** A code or configuration finding's patch: a pull request of its own (see fix-groups.ts). */
  const patchFix: FixPlanner = {
    plan: ({ finding: atRun, readFile }) => planPatchFix(atRun, readFile),
  };

  /**
   * A dependency upgrade joins its repository's and ecosystem's group pull request; the run's other
   * failed findings are the package's other advisories and the group's other upgrades.
   */
  const dependencyFix = (finding: FindingRow): FixPlanner => ({
    group: dependencyGroupKey(finding),
    plan: ({ finding: atRun, runFindings, grouped, readFile }) =>
      planDependencyGroup({
        requested: atRun,
        grouped,
        runFindings: runFindings.filter((row) => row.ruleId === VULNERABLE_DEPENDENCY),
        readFile,
        planUpgrade: planDependencyUpgrade,
        specEcosystem: specEcosystemName,
      }),
  });

  app.post("/api/fixes/sast", { ...guarded, schema: openSchema }, async (request, reply) => {
    const finding = await fixableFinding(request, request.body.findingId);
    if (finding.analyzer !== "sast") throw new AppError("bad_request", "This is not a code (SAST) finding");
    return openFix(reply, finding, patchFix);
  });

  app.post("/api/fixes/dependency", { ...guarded, schema: openSchema }, async (request, reply) => {
    const finding = await fixableFinding(request, request.body.findingId);
    if (finding.analyzer !== "sca")
      throw new AppError("bad_request", "This is not a dependency (SCA) finding");
    return openFix(reply, finding, dependencyFix(finding));
  });

  // Any finding's fix: a dependency upgrade, or the rule's mechanical patch (code, Terraform,
  // Kubernetes, workflows …). A finding without one is refused with the reason lists show.
  app.post("/api/fixes/finding", { ...guarded, schema: openSchema }, async (request, reply) => {
    const finding = await fixableFinding(request, request.body.findingId);
    const availability = fixAvailability(finding);
    if (!availability.available) throw new AppError("conflict", availability.reason);
    return openFix(reply, finding, availability.kind === "dependency" ? dependencyFix(finding) : patchFix);
  });

  app.get(
    "/api/tenants/:tenantId/pr-suggestions",
    {
      ...guarded,
      schema: {
        tags: ["fixes"],
        params: TenantParams,
        querystring: PrSuggestionsQuery,
        response: { 200: PrSuggestionsPage, ...errors },
      },
    },
    async (request) => {
      const { tenantId } = request.params;
      await deps.access.require(tenantId, currentUser(request).id, "read");
      return deps.fixes.page(tenantId, request.query);
    },
  );
}
