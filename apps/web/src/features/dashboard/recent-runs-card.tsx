// Recent Policy Runs: the five latest runs with their own status (pass, fail, skip), and the reason
// of a run that evaluated nothing.
import type { Run } from "@rampart/contracts/runs";
import { plural } from "@rampart/contracts/words";
import { History } from "lucide-react";
import { Link } from "wouter";
import { RunStatusBadge } from "../../components/run-status-badge";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { ageLabel } from "../../lib/age-label";
import { abbreviate, runReasonLabel, runTitle, unevaluatedTitle } from "../../lib/run-labels";

export const RECENT_RUNS_SHOWN = 5;

export function RecentRunsCard({ runs }: { runs: Run[] }) {
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle>Recent Policy Runs</CardTitle>
        <Link href="/runs" className="text-sm text-primary hover:underline">
          View all
        </Link>
      </CardHeader>
      <CardContent>
        {runs.length === 0 ? (
          <div className="flex flex-col items-center gap-2 py-6 text-center text-sm text-muted-foreground">
            <History className="size-8" aria-hidden="true" />
            <p className="font-medium text-foreground">No Recent Runs</p>
            <p>Run a policy scan to see its results here.</p>
          </div>
        ) : (
          <ul aria-label="Recent policy runs" className="flex flex-col divide-y divide-border">
            {runs.slice(0, RECENT_RUNS_SHOWN).map((run) => (
              <li key={run.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="font-medium">{runTitle(run.triggeredBy)}</p>
                  {run.reason ? (
                    <p className="text-xs text-muted-foreground">
                      {run.repo} · {ageLabel(run.createdAt)} · {unevaluatedTitle(run)}:{" "}
                      {runReasonLabel(run.reason.code)}
                    </p>
                  ) : (
                    <p className="text-xs text-muted-foreground">
                      {run.repo} · <span className="font-mono">{abbreviate(run.commitSha, 8)}</span> ·{" "}
                      {ageLabel(run.createdAt)} · Status: Evaluated · {plural(run.filesScanned, "file")} ·{" "}
                      {run.failedCount} failed
                    </p>
                  )}
                </div>
                <div className="flex items-center gap-3">
                  <span className="font-mono text-xs text-subtle-foreground">{abbreviate(run.id, 8)}</span>
                  <RunStatusBadge status={run.status} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
