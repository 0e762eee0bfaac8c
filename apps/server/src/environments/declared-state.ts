// An environment's declared state: its repository's folder at the latest commit Rampart scanned
// on a branch (a pull request's commit is not what was deployed), evaluated by the engine. The
// evaluation of one commit is kept for a while, since compare and sync ask for it again.
import { DeclaredSource } from "@rampart/contracts/environments";
import type { Database } from "@rampart/db/client";
import { policyRuns, repositories } from "@rampart/db/schema";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { CodeHost } from "../code-host/code-host.ts";
import type { RepositoryRow } from "../repositories/repositories.repo.ts";
import { isBranchRun } from "../runs/run-triggers.ts";
import { readDeclaredFiles } from "./declared-files.ts";
import type { DeclaredState, DriftEngine } from "./environment-ports.ts";

export type DeclaredEvaluation =
  | { ok: true; state: DeclaredState; source: DeclaredSource; repository: RepositoryRow; commitSha: string }
  | { ok: false; reason: string };

export interface DeclaredEvaluator {
  evaluate(environment: { tenantId: string; declared: unknown }): Promise<DeclaredEvaluation>;
}

const CACHE_ENTRIES = 32;

export function createDeclaredEvaluator(deps: {
  db: Database;
  codeHost: Pick<CodeHost, "workspace">;
  drift: Pick<DriftEngine, "declaredTerraform" | "declaredKubernetes">;
}): DeclaredEvaluator {
  // Keyed by tenant, repository, commit and the source: the same inputs give the same state.
  const cache = new Map<string, DeclaredState>();

  return {
    async evaluate(environment) {
      const parsed = DeclaredSource.safeParse(environment.declared);
      if (!environment.declared || !parsed.success)
        return { ok: false, reason: "No declared state: choose a repository and a folder in it" };
      const source = parsed.data;
      const [repository] = await deps.db
        .select()
        .from(repositories)
        .where(
          and(eq(repositories.tenantId, environment.tenantId), eq(repositories.id, source.repositoryId)),
        );
      if (!repository || repository.archivedAt)
        return { ok: false, reason: "The declared state's repository was removed" };
      const [run] = await deps.db
        .select({ commitSha: policyRuns.commitSha })
        .from(policyRuns)
        .where(and(eq(policyRuns.repositoryId, repository.id), isNull(policyRuns.reasonCode), isBranchRun()))
        .orderBy(desc(policyRuns.createdAt))
        .limit(1);
      if (!run) return { ok: false, reason: `${repository.name} has not been scanned yet: scan it first` };
      const key = JSON.stringify([environment.tenantId, repository.id, run.commitSha, source]);
      const cached = cache.get(key);
      if (cached !== undefined)
        return { ok: true, state: cached, source, repository, commitSha: run.commitSha };

      const checkedOut = await deps.codeHost.workspace(repository, run.commitSha);
      if (!checkedOut.ok)
        return { ok: false, reason: `The scanned commit of ${repository.name} could not be checked out` };
      let state: DeclaredState;
      try {
        const files = readDeclaredFiles(checkedOut.workspace.root, source.kind);
        if (!files.ok) return { ok: false, reason: files.reason };
        const prefix = source.path ? `${source.path}/` : "";
        if (![...files.files.keys()].some((file) => file.startsWith(prefix)))
          return {
            ok: false,
            reason: `${repository.name} has no ${source.kind === "terraform" ? "Terraform" : "Kubernetes"} files under "${source.path || "/"}"`,
          };
        for (const varFile of source.varFiles)
          if (!files.files.has(varFile))
            return { ok: false, reason: `The variables file "${varFile}" is not in ${repository.name}` };
        try {
          state =
            source.kind === "terraform"
              ? deps.drift.declaredTerraform(files.files, {
                  path: source.path,
                  varFiles: source.varFiles,
                  workspace: source.workspace,
                })
              : deps.drift.declaredKubernetes(files.files, { path: source.path });
        } catch {
          return {
            ok: false,
            reason: `The configuration under "${source.path || "/"}" could not be evaluated`,
          };
        }
      } finally {
        checkedOut.workspace.dispose();
      }
      if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
      cache.set(key, state);
      return { ok: true, state, source, repository, commitSha: run.commitSha };
    },
  };
}
