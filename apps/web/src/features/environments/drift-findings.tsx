// The drift of an environment's last sync: counts by type, then each finding with what the code
// expects and what runs, its severity, whether a security rule checks it, and its controls.
import type { DriftFinding, DriftStats, DriftType } from "@rampart/contracts/environments";
import { ShieldAlert } from "lucide-react";
import { EmptyState } from "../../components/empty-state";
import { ErrorPanel } from "../../components/error-panel";
import { SeverityBadge } from "../../components/severity-badge";
import { Badge } from "../../components/ui/badge";
import { Skeleton } from "../../components/ui/skeleton";
import { serverErrorMessage } from "../../lib/api";
import { useEnvironmentDrift } from "./api/get-environment-drift";
import { DRIFT_TYPE_DESCRIPTIONS, DRIFT_TYPE_LABELS, formatValue } from "./environment-labels";

const STAT_ORDER: DriftType[] = ["missing_resource", "unexpected_resource", "config_change"];

export function DriftStatsRow({ stats }: { stats: DriftStats }) {
  const cells: [string, number, string?][] = [
    ["Total drift", stats.total],
    ...STAT_ORDER.map((type): [string, number, string] => [
      DRIFT_TYPE_LABELS[type],
      stats[type],
      DRIFT_TYPE_DESCRIPTIONS[type],
    ]),
    ["Security-relevant", stats.securityRelevant, "Attributes a security rule checks"],
  ];
  return (
    <dl aria-label="Drift statistics" className="grid grid-cols-2 gap-3 md:grid-cols-5">
      {cells.map(([label, value, hint]) => (
        <div key={label} className="rounded-md border border-border p-3" title={hint}>
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="text-2xl font-semibold">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ValueCell({ label, value }: { label: string; value: unknown }) {
  return (
    <div className="min-w-0">
      <p className="text-xs text-muted-foreground">{label}</p>
      <p className="truncate font-mono text-xs" title={formatValue(value)}>
        {formatValue(value)}
      </p>
    </div>
  );
}

function DriftFindingItem({ finding }: { finding: DriftFinding }) {
  return (
    <li className="rounded-md border border-border p-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <SeverityBadge severity={finding.severity} />
        <Badge variant="muted">{DRIFT_TYPE_LABELS[finding.driftType]}</Badge>
        {finding.securityRelevant ? (
          <Badge variant="warning">
            <ShieldAlert className="size-3" aria-hidden="true" />
            Security-relevant
          </Badge>
        ) : null}
      </div>
      <p className="mt-2 break-all font-mono text-xs">
        {finding.resourceId}
        {finding.attribute ? <span className="text-muted-foreground"> · {finding.attribute}</span> : null}
      </p>
      <p className="text-xs text-muted-foreground">{finding.resourceType}</p>
      {finding.driftType === "config_change" ? (
        <div className="mt-2 grid grid-cols-2 gap-3">
          <ValueCell label="In code" value={finding.iacExpected} />
          <ValueCell label="Running" value={finding.actualState} />
        </div>
      ) : null}
      {finding.controls.length > 0 ? (
        <p className="mt-2 text-xs text-muted-foreground">{finding.controls.join(", ")}</p>
      ) : null}
    </li>
  );
}

export function DriftFindings({ environmentId, synced }: { environmentId: string; synced: boolean }) {
  const drift = useEnvironmentDrift(environmentId);
  if (drift.isPending) {
    return (
      <div role="status" aria-label="Loading drift" className="flex flex-col gap-2">
        <Skeleton className="h-16" />
        <Skeleton className="h-16" />
      </div>
    );
  }
  if (drift.isError) {
    return (
      <ErrorPanel
        title="Failed to Load Drift"
        message={
          serverErrorMessage(drift.error) ??
          "Unable to retrieve this environment's drift. Please check your connection and try again."
        }
        onRetry={() => void drift.refetch()}
      />
    );
  }
  if (drift.data.length === 0) {
    return (
      <EmptyState
        title={synced ? "No drift" : "Not synced yet"}
        description={
          synced
            ? "What runs matches what the code declares."
            : "Set the sources and sync the environment to compare what runs with what the code declares."
        }
      />
    );
  }
  return (
    <ul aria-label="Drift findings" className="flex flex-col gap-2">
      {drift.data.map((finding) => (
        <DriftFindingItem key={finding.id} finding={finding} />
      ))}
    </ul>
  );
}
