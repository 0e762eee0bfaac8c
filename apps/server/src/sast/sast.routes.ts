// Code (SAST) findings of the latest run of each repository (spec part 2, §7:
// GET /api/tenants/{tenantId}/sast): open findings only, i.e. failed and not waived.
import { ErrorBody } from "@rampart/contracts/common";
import type { FixPullRequestStatus } from "@rampart/contracts/fixes";
import { type SastCategory, type SastFinding, SastResponse, type SastStats } from "@rampart/contracts/sast";
import { TenantParams } from "@rampart/contracts/tenants";
import type { findings } from "@rampart/db/schema";
import type { onRequestAsyncHookHandler } from "fastify";
import { currentUser } from "../auth/authenticate.ts";
import type { FixesService } from "../fixes/fixes.service.ts";
import type { App } from "../http/types.ts";
import type { PostureService } from "../posture/posture.service.ts";
import type { TenantAccessService } from "../tenants/tenant-access.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

const CATEGORIES: readonly SastCategory[] = ["security", "best-practice", "correctness"];
const SEVERITY_ORDER = { critical: 0, high: 1, med: 2, low: 3 } as const;

type Metadata = Record<string, unknown>;
const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : null);
const integer = (value: unknown) => (typeof value === "number" && Number.isInteger(value) ? value : null);

/** The finding as stored by the scan (run-record.ts) to the spec's SAST finding. */
export function toSastFinding(
  finding: typeof findings.$inferSelect,
  repo: string,
  fixPullRequest: FixPullRequestStatus | null,
): SastFinding {
  const metadata = (finding.metadata ?? {}) as Metadata;
  const properties = (metadata.properties ?? {}) as Metadata;
  const patch = text(metadata.patch);
  const category = CATEGORIES.find((c) => c === properties.category);
  return {
    id: finding.id,
    runId: finding.runId,
    repo,
    ruleId: finding.ruleId,
    ruleTitle: text(metadata.ruleTitle),
    severity: finding.severity,
    // Every SAST rule sets its category; a finding stored before categories existed is a security one.
    category: category ?? "security",
    message: finding.message,
    filePath: finding.filePath ?? "",
    line: finding.line,
    snippet: text(metadata.snippet),
    cwe: Array.isArray(metadata.cwe)
      ? metadata.cwe.map((id) => (typeof id === "number" ? `CWE-${id}` : String(id)))
      : [],
    sourceLine: integer(properties.sourceLine),
    sinkLine: integer(properties.sinkLine),
    fixSuggestion: patch,
    fixDescription: patch ? text(metadata.fixDescription) : null,
    // The sink's advice is specific ("drop shell=True"); the rule's remediation covers the rest.
    remediation: text(properties.fixSuggestion) ?? text(metadata.suggestion),
    fixPullRequest,
  };
}

export function sastStats(list: readonly SastFinding[]): SastStats {
  const stats: SastStats = {
    total: list.length,
    critical: 0,
    high: 0,
    med: 0,
    low: 0,
    categories: { security: 0, "best-practice": 0, correctness: 0 },
  };
  for (const finding of list) {
    stats[finding.severity] += 1;
    stats.categories[finding.category] += 1;
  }
  return stats;
}

export function registerSastRoutes(
  app: App,
  deps: {
    posture: PostureService;
    fixes: FixesService;
    access: TenantAccessService;
    authenticate: onRequestAsyncHookHandler;
  },
) {
  app.get(
    "/api/tenants/:tenantId/sast",
    {
      onRequest: deps.authenticate,
      schema: { tags: ["sast"], params: TenantParams, response: { 200: SastResponse, ...errors } },
    },
    async (request) => {
      const { tenantId } = request.params;
      await deps.access.require(tenantId, currentUser(request).id, "read");
      const rows = await deps.posture.openFindingsOfLatestRuns(tenantId, { analyzer: "sast" });
      const fixOf = await deps.fixes.pullRequestsFixing(
        tenantId,
        rows.map(({ finding, repositoryId }) => ({ repositoryId, fingerprint: finding.fingerprint })),
      );
      const result = rows
        .map(({ finding, repo, repositoryId }) =>
          toSastFinding(finding, repo, fixOf({ repositoryId, fingerprint: finding.fingerprint })),
        )
        .sort(
          (a, b) =>
            SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] ||
            a.repo.localeCompare(b.repo) ||
            a.filePath.localeCompare(b.filePath) ||
            (a.line ?? 0) - (b.line ?? 0),
        );
      return { findings: result, stats: sastStats(result) };
    },
  );
}
