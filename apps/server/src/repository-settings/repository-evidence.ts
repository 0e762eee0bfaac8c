// Repository settings as evidence of a branch scan: for a repository of a connected code host,
// its settings are read through the host when the default branch is scanned (push, manual,
// schedule) and judged by the engine's `repository` analyzer; the run and its findings join the
// scan's like any analyzer's. A read that fails is that analyzer's failure with a reason, never
// the scan's. Pull-request scans judge a commit, not the repository, and do not read them.
import type { Database } from "@rampart/db/client";
import { tenants } from "@rampart/db/schema";
import type { AnalyzerRun, Finding } from "@rampart/engine";
import {
  evaluateRepositorySettings,
  unreadRepositorySettings,
} from "@rampart/engine/analyzers/repository/evaluate";
import { eq } from "drizzle-orm";
import type { RemoteCodeHost } from "../code-host/remote-code-host.ts";
import { statusOf } from "../github/github-api.ts";
import { CodeHostUnavailable } from "../github/github-host.ts";
import { SettingsUnreadable } from "../github/repository-settings.ts";
import type { RepositoryRow } from "../repositories/repositories.repo.ts";
import { isPullRequestRun } from "../runs/run-triggers.ts";

const ANALYZER = "repository";

export interface RepositoryEvidence {
  run: AnalyzerRun;
  findings: Finding[];
}

/** Settings evidence for this scan, or undefined when the scan takes none (not a hosted repository, a pull request). */
export type ReadRepositoryEvidence = (
  repository: RepositoryRow,
  scan: { tenantId: string; triggeredBy: string },
) => Promise<RepositoryEvidence | undefined>;

export function createRepositoryEvidence(deps: {
  db: Database;
  host: RemoteCodeHost;
}): ReadRepositoryEvidence {
  return async (repository, scan) => {
    if (repository.source !== "github" || isPullRequestRun(scan.triggeredBy)) return undefined;
    const [tenant] = await deps.db
      .select({ installationId: tenants.githubInstallationId })
      .from(tenants)
      .where(eq(tenants.id, scan.tenantId));
    if (!tenant?.installationId)
      return failed("the organization is no longer connected to its GitHub App installation");
    try {
      const session = await deps.host.connect(tenant.installationId);
      const settings = await session.repositorySettings(repository.location);
      const { run, findings } = evaluateRepositorySettings(settings);
      return { run, findings };
    } catch (error) {
      return failed(reasonOf(error));
    }
  };
}

function failed(reason: string): RepositoryEvidence {
  return {
    run: unreadRepositorySettings(`The repository's settings could not be read: ${reason}`),
    findings: [],
  };
}

/** Our own sentences only: a library's or GitHub's text never reaches the run. */
function reasonOf(error: unknown): string {
  if (error instanceof SettingsUnreadable || error instanceof CodeHostUnavailable) return error.message;
  const status = statusOf(error);
  if (status === 403 || status === 404)
    return "GitHub refused a token for the installation (suspended or removed)";
  if (status !== undefined) return `GitHub answered ${status}`;
  return "GitHub could not be reached";
}

/**
 * The scan's result with the settings evidence in place of the file pass's `repository` run (which
 * had no input: no checked-out file is ever given to that analyzer).
 */
export function withRepositoryEvidence<
  Result extends { analyzers: readonly AnalyzerRun[]; findings: readonly Finding[] },
>(result: Result, evidence: RepositoryEvidence | undefined): Result {
  if (!evidence) return result;
  return {
    ...result,
    analyzers: [...result.analyzers.filter((run) => run.analyzer !== ANALYZER), evidence.run],
    findings: [...result.findings.filter((finding) => finding.analyzer !== ANALYZER), ...evidence.findings],
  };
}
