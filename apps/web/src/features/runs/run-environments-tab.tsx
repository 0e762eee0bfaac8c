// The run drawer's Environments tab: the environments whose declared state is read from the run's
// repository (so this run's code is what they declare), with their drift state and last sync.
import type { Run } from "@rampart/contracts/runs";
import { plural } from "@rampart/contracts/words";
import { Link } from "wouter";
import { DriftStateBadge } from "../../components/drift-state-badge";
import { Skeleton } from "../../components/ui/skeleton";
import { formatDateTime } from "../../lib/format-date";
import { useEnvironments } from "./api/get-environments";

export function RunEnvironmentsTab({ run }: { run: Pick<Run, "tenantId" | "repositoryId" | "repo"> }) {
  const environments = useEnvironments(run.tenantId);
  if (environments.isPending) {
    return (
      <div role="status" aria-label="Loading environments">
        <Skeleton className="h-16" />
      </div>
    );
  }
  if (environments.isError) {
    return (
      <p role="alert" className="text-sm text-danger">
        Could not load environments: {environments.error.message}
      </p>
    );
  }
  const declaring = environments.data.filter(
    (environment) => environment.declared?.repositoryId === run.repositoryId,
  );
  if (declaring.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        No environment declares its state from {run.repo || "this repository"}.{" "}
        <Link href="/environments" className="text-primary underline">
          Set one up on Environments
        </Link>
        .
      </p>
    );
  }
  return (
    <ul aria-label="Environments of this repository" className="flex flex-col gap-2 text-sm">
      {declaring.map((environment) => (
        <li key={environment.id} className="rounded-md border border-border p-3">
          <div className="flex items-center justify-between gap-2">
            <Link
              href={`/environments?env=${encodeURIComponent(environment.id)}`}
              className="font-medium hover:underline"
            >
              {environment.name}
            </Link>
            <DriftStateBadge state={environment.driftState} />
          </div>
          <p className="text-xs text-muted-foreground">
            {environment.declared?.path || "/"} ·{" "}
            {environment.lastSyncedAt ? `synced ${formatDateTime(environment.lastSyncedAt)}` : "never synced"}
            {environment.driftStats && environment.driftStats.total > 0
              ? ` · ${plural(environment.driftStats.total, "drift finding")}, ${environment.driftStats.securityRelevant} security-relevant`
              : ""}
          </p>
        </li>
      ))}
    </ul>
  );
}
