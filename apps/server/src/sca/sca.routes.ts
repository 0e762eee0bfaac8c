// Dependency (SCA) findings of the latest run of each repository (spec part 2, §7), and the fix
// pull request call, which needs a code host that can open pull requests.
import { ErrorBody } from "@rampart/contracts/common";
import { SbomList, type ScaEcosystem, type ScaFinding, ScaResponse } from "@rampart/contracts/sca";
import { TenantParams } from "@rampart/contracts/tenants";
import type { Database } from "@rampart/db/client";
import { findings, policyRuns, sbomArtifacts } from "@rampart/db/schema";
import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import type { preHandlerAsyncHookHandler } from "fastify";
import { z } from "zod";
import { currentUser } from "../auth/authenticate.ts";
import { AppError, notFound } from "../errors.ts";
import type { App } from "../http/types.ts";
import type { PostureService } from "../posture/posture.service.ts";
import type { TenantAccessService } from "../tenants/tenant-access.ts";

const SBOMS_SHOWN = 20;
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/** OSV ecosystem names to the spec's. */
const ECOSYSTEMS: Record<string, ScaEcosystem> = {
  npm: "npm",
  PyPI: "pip",
  Go: "go",
  Maven: "maven",
  NuGet: "nuget",
  "crates.io": "cargo",
  Packagist: "composer",
  RubyGems: "rubygems",
};

type Properties = Record<string, unknown>;
const text = (value: unknown) => (typeof value === "string" ? value : null);

export function registerScaRoutes(
  app: App,
  deps: {
    db: Database;
    posture: PostureService;
    access: TenantAccessService;
    authenticate: preHandlerAsyncHookHandler;
  },
) {
  const guarded = { preHandler: deps.authenticate };

  app.get(
    "/api/tenants/:tenantId/sca",
    {
      ...guarded,
      schema: { tags: ["sca"], params: TenantParams, response: { 200: ScaResponse, ...errors } },
    },
    async (request) => {
      const { tenantId } = request.params;
      await deps.access.require(tenantId, currentUser(request).id, "read");
      const latest = await deps.posture.latestRuns(tenantId);
      if (latest.length === 0)
        return { findings: [], stats: { total: 0, critical: 0, high: 0, med: 0, low: 0 } };
      const rows = await deps.db
        .select({ finding: findings, repo: policyRuns.repo })
        .from(findings)
        .innerJoin(policyRuns, eq(policyRuns.id, findings.runId))
        .where(
          and(
            eq(findings.tenantId, tenantId),
            inArray(
              findings.runId,
              latest.map((run) => run.id),
            ),
            eq(findings.analyzer, "sca"),
            eq(findings.ruleId, "sca/vulnerable-dependency"),
            eq(findings.status, "fail"),
            isNull(findings.waiverId),
          ),
        );
      const result: ScaFinding[] = rows.map(({ finding, repo }) => {
        const properties = ((finding.metadata as { properties?: Properties }).properties ?? {}) as Properties;
        const cvss = properties.cvssScore;
        return {
          id: finding.id,
          runId: finding.runId,
          severity: finding.severity,
          ecosystem: ECOSYSTEMS[text(properties.ecosystem) ?? ""] ?? "other",
          cveId: text(properties.cveId) ?? finding.fingerprint.slice(0, 12),
          aliases: Array.isArray(properties.aliases)
            ? properties.aliases.filter((a): a is string => typeof a === "string")
            : [],
          cvssScore: typeof cvss === "number" ? cvss : null,
          packageName: text(properties.packageName) ?? "",
          packageVersion: text(properties.packageVersion) ?? "",
          description: text(properties.summary) ?? finding.message,
          fixedVersion: text(properties.fixedVersion),
          license: text(properties.license),
          direct: properties.direct === true,
          dev: properties.dev === true,
          filePath: finding.filePath,
          line: finding.line,
          repo,
        };
      });
      const stats = { total: result.length, critical: 0, high: 0, med: 0, low: 0 };
      for (const item of result) stats[item.severity] += 1;
      return { findings: result, stats };
    },
  );

  app.get(
    "/api/tenants/:tenantId/sbom",
    { ...guarded, schema: { tags: ["sca"], params: TenantParams, response: { 200: SbomList, ...errors } } },
    async (request) => {
      const { tenantId } = request.params;
      await deps.access.require(tenantId, currentUser(request).id, "read");
      const rows = await deps.db
        .select({ sbom: sbomArtifacts, repo: policyRuns.repo })
        .from(sbomArtifacts)
        .innerJoin(policyRuns, eq(policyRuns.id, sbomArtifacts.runId))
        .where(eq(sbomArtifacts.tenantId, tenantId))
        .orderBy(desc(sbomArtifacts.createdAt))
        .limit(SBOMS_SHOWN);
      return rows.map(({ sbom, repo }) => ({
        id: sbom.id,
        runId: sbom.runId,
        repo,
        format: sbom.format,
        sbomHash: sbom.sbomHash,
        componentCount: sbom.componentCount,
        sbomData: sbom.sbomData as Record<string, unknown>,
        createdAt: sbom.createdAt.toISOString(),
      }));
    },
  );

  app.post(
    "/api/fixes/dependency",
    {
      ...guarded,
      schema: { tags: ["sca"], body: z.object({ findingId: z.uuid() }), response: { ...errors } },
    },
    async (request) => {
      const [row] = await deps.db.select().from(findings).where(eq(findings.id, request.body.findingId));
      if (!row) throw notFound("Finding not found");
      await deps.access.requireForRecord(row.tenantId, currentUser(request).id, "write", "Finding not found");
      throw new AppError(
        "conflict",
        "Fix pull requests need a code host that can open them; connect the GitHub App to enable this",
      );
    },
  );
}
