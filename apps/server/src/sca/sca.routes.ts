// Dependency (SCA) findings of the latest run of each repository (spec part 2, §7). Their fix pull
// requests are opened by the fixes domain (POST /api/fixes/dependency).
import { ErrorBody } from "@rampart/contracts/common";
import { SbomList, type ScaFinding, ScaResponse } from "@rampart/contracts/sca";
import { TenantParams } from "@rampart/contracts/tenants";
import { VexOutcome } from "@rampart/contracts/vex";
import type { Database } from "@rampart/db/client";
import { containerImages, policyRuns, sbomArtifacts } from "@rampart/db/schema";
import { desc, eq } from "drizzle-orm";
import type { onRequestAsyncHookHandler } from "fastify";
import { currentUser } from "../auth/authenticate.ts";
import type { FixesService } from "../fixes/fixes.service.ts";
import type { App } from "../http/types.ts";
import type { PostureService } from "../posture/posture.service.ts";
import type { TenantAccessService } from "../tenants/tenant-access.ts";
import { ECOSYSTEMS } from "./ecosystems.ts";
import { licenseUnknownReason } from "./license-reason.ts";

const SBOMS_SHOWN = 20;
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

type Properties = Record<string, unknown>;
const text = (value: unknown) => (typeof value === "string" ? value : null);
/** The VEX outcome the scan or a later triage stored on the finding. */
const vexOutcome = (metadata: unknown): VexOutcome | undefined => {
  const parsed = VexOutcome.safeParse((metadata as { vex?: unknown }).vex);
  return parsed.success ? parsed.data : undefined;
};

export function registerScaRoutes(
  app: App,
  deps: {
    db: Database;
    posture: PostureService;
    fixes: FixesService;
    access: TenantAccessService;
    authenticate: onRequestAsyncHookHandler;
  },
) {
  const guarded = { onRequest: deps.authenticate };

  app.get(
    "/api/tenants/:tenantId/sca",
    {
      ...guarded,
      schema: { tags: ["sca"], params: TenantParams, response: { 200: ScaResponse, ...errors } },
    },
    async (request) => {
      const { tenantId } = request.params;
      await deps.access.require(tenantId, currentUser(request).id, "read");
      const rows = await deps.posture.openFindingsOfLatestRuns(tenantId, {
        analyzer: "sca",
        ruleId: "sca/vulnerable-dependency",
      });
      const fixOf = await deps.fixes.pullRequestsFixing(
        tenantId,
        rows.map(({ finding, repositoryId }) => ({ repositoryId, fingerprint: finding.fingerprint })),
      );
      const result: ScaFinding[] = rows.map(({ finding, repo, repositoryId }) => {
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
          licenseUnknownReason: licenseUnknownReason(
            text(properties.license),
            finding.filePath,
            typeof properties.licensesRecorded === "boolean" ? properties.licensesRecorded : undefined,
          ),
          direct: properties.direct === true,
          dev: properties.dev === true,
          filePath: finding.filePath,
          line: finding.line,
          repo,
          // Suppressing decisions made the finding `skip`: what is left is affected or under investigation.
          ...(vexOutcome(finding.metadata) ? { vex: vexOutcome(finding.metadata) } : {}),
          fixPullRequest: fixOf({ repositoryId, fingerprint: finding.fingerprint }),
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
      // A run's SBOM names its repository, an uploaded image's SBOM the image reference.
      const rows = await deps.db
        .select({ sbom: sbomArtifacts, repo: policyRuns.repo, imageRef: containerImages.imageRef })
        .from(sbomArtifacts)
        .leftJoin(policyRuns, eq(policyRuns.id, sbomArtifacts.runId))
        .leftJoin(containerImages, eq(containerImages.id, sbomArtifacts.imageId))
        .where(eq(sbomArtifacts.tenantId, tenantId))
        .orderBy(desc(sbomArtifacts.createdAt))
        .limit(SBOMS_SHOWN);
      return rows.map(({ sbom, repo, imageRef }) => ({
        id: sbom.id,
        runId: sbom.runId,
        imageId: sbom.imageId,
        repo: repo ?? imageRef ?? "",
        format: sbom.format,
        sbomHash: sbom.sbomHash,
        componentCount: sbom.componentCount,
        sbomData: sbom.sbomData as Record<string, unknown>,
        createdAt: sbom.createdAt.toISOString(),
      }));
    },
  );
}
