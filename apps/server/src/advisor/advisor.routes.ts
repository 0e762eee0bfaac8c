// POST /api/explain/finding and POST /api/fixes/generate (spec part 1, §7).
import { ExplainFindingBody, Explanation, GeneratedFix, GenerateFixBody } from "@rampart/contracts/advisor";
import { ErrorBody } from "@rampart/contracts/common";
import type { Database } from "@rampart/db/client";
import { findings } from "@rampart/db/schema";
import { eq } from "drizzle-orm";
import type { onRequestAsyncHookHandler } from "fastify";
import { currentUser } from "../auth/authenticate.ts";
import { notFound } from "../errors.ts";
import type { App } from "../http/types.ts";
import type { TenantAccessService } from "../tenants/tenant-access.ts";
import type { Advisor, FindingContext } from "./advisor.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

export function registerAdvisorRoutes(
  app: App,
  deps: {
    db: Database;
    advisor: Advisor;
    access: TenantAccessService;
    authenticate: onRequestAsyncHookHandler;
  },
) {
  const guarded = { onRequest: deps.authenticate };

  /** The finding, if the caller may read its tenant; 404 otherwise, whoever owns it. */
  async function findingContext(findingId: string, userId: string): Promise<FindingContext> {
    const [row] = await deps.db.select().from(findings).where(eq(findings.id, findingId));
    if (!row) throw notFound("Finding not found");
    await deps.access.requireForRecord(row.tenantId, userId, "read", "Finding not found");
    const metadata = row.metadata as { snippet?: string; patch?: string };
    return {
      tenantId: row.tenantId,
      runId: row.runId,
      fingerprint: row.fingerprint,
      ruleId: row.ruleId,
      message: row.message,
      filePath: row.filePath,
      line: row.line,
      severity: row.severity,
      ...(metadata.snippet ? { snippet: metadata.snippet } : {}),
      ...(metadata.patch ? { patch: metadata.patch } : {}),
    };
  }

  app.post(
    "/api/explain/finding",
    {
      ...guarded,
      schema: { tags: ["advisor"], body: ExplainFindingBody, response: { 200: Explanation, ...errors } },
    },
    async (request) =>
      deps.advisor.explain(await findingContext(request.body.findingId, currentUser(request).id)),
  );

  app.post(
    "/api/fixes/generate",
    {
      ...guarded,
      schema: { tags: ["advisor"], body: GenerateFixBody, response: { 200: GeneratedFix, ...errors } },
    },
    async (request) =>
      deps.advisor.fix(await findingContext(request.body.findingId, currentUser(request).id)),
  );
}
