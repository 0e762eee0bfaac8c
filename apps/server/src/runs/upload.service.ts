// Runs uploaded from CI (`rampart scan --upload`): the report a CI job's scan produced becomes a
// run of the token's tenant, stored by the scan service as its own scans are.
//
// Which repository: the body names one by id (it must be the tenant's: 404 otherwise) or by name
// (the tenant's repository of that name, or a new one of source `upload` when it has none, so a
// team can report repositories Rampart cannot fetch, such as ones on a private GitLab).

import { Id } from "@rampart/contracts/common";
import type { UploadRunFields } from "@rampart/contracts/runs";
import type { ScanReport } from "@rampart/engine/output/json";
import type { TokenCaller } from "../api-tokens/api-tokens.service.ts";
import { AppError, notFound } from "../errors.ts";
import type { RepositoriesRepo, RepositoryRow } from "../repositories/repositories.repo.ts";
import { ENGINE_VERSION, type ScanOutcome, type ScanService } from "./scan.service.ts";

export type UploadRunBody = UploadRunFields & { report: ScanReport };

/**
 * The rules a report's analyzers ran are those of the engine that wrote it; the server judges the
 * rules it knows to have passed when their analyzer reported nothing. Only a report of this very
 * engine version makes that judgement true.
 */
export function reportVersionProblem(report: Pick<ScanReport, "tool">, engineVersion: string) {
  if (report.tool.version === engineVersion) return undefined;
  return `report.tool.version: this report was made by Rampart ${report.tool.version}; this server evaluates reports of Rampart ${engineVersion}: run the matching CLI`;
}

/** The report as the scan service stores a scan: findings, analyzer statuses, files scanned. */
export function outcomeOf(report: ScanReport): ScanOutcome {
  return {
    findings: report.findings,
    analyzers: report.analyzers.map((run) => ({ ...run, busyMs: run.busyMs ?? 0 })),
    filesScanned: report.scan.filesScanned,
    // The repository's own rules (`custom/…`) are described only by the report that ran them.
    customRules: report.rules.filter((rule) => rule.analyzer === "custom"),
  };
}

export function createUploadService(deps: {
  repositories: Pick<RepositoriesRepo, "find" | "findOrCreateForUpload">;
  scans: Pick<ScanService, "recordUpload">;
  maxRepositoriesPerTenant: number;
  engineVersion?: string;
}) {
  const engineVersion = deps.engineVersion ?? ENGINE_VERSION;

  async function repositoryOf(
    tenantId: string,
    named: string,
  ): Promise<{ row: RepositoryRow; created: boolean }> {
    if (Id.safeParse(named).success) {
      const row = await deps.repositories.find(tenantId, named);
      if (!row) throw notFound("Repository not found");
      return { row, created: false };
    }
    const found = await deps.repositories.findOrCreateForUpload(
      tenantId,
      named,
      deps.maxRepositoriesPerTenant,
    );
    if (!found.ok)
      throw new AppError(
        "conflict",
        `This organization already has ${found.count} repositories, the most allowed on this server: remove one first`,
      );
    return found;
  }

  return {
    async upload(caller: TokenCaller, body: UploadRunBody) {
      const problem = reportVersionProblem(body.report, engineVersion);
      if (problem) throw new AppError("bad_request", problem);
      const repository = await repositoryOf(caller.tenantId, body.repository);
      const runId = await deps.scans.recordUpload({
        tenantId: caller.tenantId,
        repository: repository.row,
        commitSha: body.commit,
        branch: body.branch ?? null,
        result: outcomeOf(body.report),
        engineVersion,
        uploadedWith: { tokenId: caller.id, tokenName: caller.name },
      });
      return { runId, repository: repository.row, repositoryCreated: repository.created };
    },
  };
}

export type UploadService = ReturnType<typeof createUploadService>;
