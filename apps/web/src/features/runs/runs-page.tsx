// Policy Runs (/runs): filtered runs (repository, status, date range, and a control from
// ?control=CODE), a narrator summary, cursor-paginated "Load More", a run drawer, and the
// tenant's repositories.
import type { Run } from "@rampart/contracts/runs";
import { plural } from "@rampart/contracts/words";
import { PlayCircle, X } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useLocation, useSearch } from "wouter";
import { EmptyState } from "../../components/empty-state";
import { ErrorPanel } from "../../components/error-panel";
import { NoTenantState } from "../../components/no-tenant-state";
import { Page } from "../../components/page";
import { PageHeader } from "../../components/page-header";
import { PageNarrator } from "../../components/page-narrator";
import { RunStatusBadge } from "../../components/run-status-badge";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../components/ui/select";
import { Skeleton } from "../../components/ui/skeleton";
import { ageLabel } from "../../lib/age-label";
import { abbreviate, runReasonLabel, runTitle, unevaluatedTitle } from "../../lib/run-labels";
import { useCurrentTenant } from "../../session/use-current-tenant";
import { type RunFilters, useRuns } from "./api/get-runs";
import { RepositoriesCard } from "./repositories-card";
import { RunDrawer } from "./run-drawer";

const STATUS_OPTIONS: [RunFilters["status"], string][] = [
  ["all", "All statuses"],
  ["pass", "Pass"],
  ["fail", "Fail"],
  ["skip", "Skip"],
];
const DATE_OPTIONS: [RunFilters["dateRange"], string][] = [
  ["all", "All time"],
  ["today", "Today"],
  ["week", "Last 7 days"],
  ["month", "Last 30 days"],
];

function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

function RunCard({ run, onOpen }: { run: Run; onOpen: () => void }) {
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        className="flex w-full flex-wrap items-center justify-between gap-3 rounded-lg border border-border bg-card p-4 text-left hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
      >
        <span className="min-w-0">
          <span className="block font-medium">{runTitle(run.triggeredBy)}</span>
          {run.reason ? (
            <>
              <span className="block text-xs text-muted-foreground">
                {run.repo} · {ageLabel(run.createdAt)} · {unevaluatedTitle(run)}:{" "}
                <span className="font-medium text-foreground">{runReasonLabel(run.reason.code)}</span>
              </span>
              <span className="block text-xs text-muted-foreground">{run.reason.message}</span>
            </>
          ) : (
            <span className="block text-xs text-muted-foreground">
              {run.repo} · <span className="font-mono">{abbreviate(run.commitSha, 8)}</span> ·{" "}
              {ageLabel(run.createdAt)} · {plural(run.filesScanned, "file")} · {run.failedCount} failed
            </span>
          )}
          <span className="block font-mono text-xs text-subtle-foreground">
            id {abbreviate(run.id, 8)} · hash {abbreviate(run.selfHash, 12)}
          </span>
        </span>
        <RunStatusBadge status={run.status} />
      </button>
    </li>
  );
}

export function RunsPage() {
  const { tenantId, tenant, isLoading: tenantLoading } = useCurrentTenant();
  // A user's demo organization is their own, so only an auditor's view is read-only.
  const readOnly = tenant?.role === "auditor";
  const search = useSearch();
  const [, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const control = params.get("control");
  const [repo, setRepo] = useState("");
  const [status, setStatus] = useState<RunFilters["status"]>("all");
  const [dateRange, setDateRange] = useState<RunFilters["dateRange"]>("all");
  // ?run={id} (linked from the evidence ledger) opens that run's drawer on arrival; with
  // &finding={id} (the advisor's citations) that finding is marked in it.
  const requestedRun = params.get("run");
  const [openRunId, setOpenRunId] = useState<string | null>(requestedRun);
  useEffect(() => setOpenRunId(requestedRun), [requestedRun]);
  const highlightFindingId = openRunId === requestedRun ? params.get("finding") : null;
  const debouncedRepo = useDebounced(repo, 300);
  const runs = useRuns(tenantLoading ? null : tenantId, { repo: debouncedRepo, status, dateRange, control });
  const ids = { repo: useId(), status: useId(), date: useId() };
  const allRuns = runs.data?.pages.flatMap((page) => page.runs) ?? [];
  // The newest page's counts: runs recorded meanwhile are counted, not yet listed.
  const counts = runs.data?.pages.at(-1)?.counts ?? { total: allRuns.length, pass: 0, fail: 0, skip: 0 };

  return (
    <Page>
      <PageHeader title="Policy Runs" subtitle="Policy evaluations of your repositories and pull requests" />
      <Card>
        <CardContent className="flex flex-wrap items-end gap-4 pt-5">
          <div className="flex min-w-56 flex-1 flex-col gap-1.5">
            <Label htmlFor={ids.repo}>Repository</Label>
            <Input
              id={ids.repo}
              value={repo}
              onChange={(event) => setRepo(event.target.value)}
              placeholder="Filter by repository"
            />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label id={ids.status}>Status</Label>
            <Select value={status} onValueChange={(value) => setStatus(value as RunFilters["status"])}>
              <SelectTrigger aria-labelledby={ids.status} className="w-40">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {STATUS_OPTIONS.map(([value, label]) => (
                  <SelectItem key={value} value={value}>
                    {label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="flex flex-col gap-1.5">
            <Label id={ids.date}>Date range</Label>
            <Select
              value={dateRange}
              onValueChange={(value) => setDateRange(value as RunFilters["dateRange"])}
            >
              <SelectTrigger aria-labelledby={ids.date} className="w-40">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {DATE_OPTIONS.map(([value, label]) => (
                  <SelectItem key={value} value={value}>
                    {label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          {control ? (
            <Badge className="h-9 gap-2 px-3 text-sm">
              Control {control}
              <button
                type="button"
                aria-label={`Remove control filter ${control}`}
                onClick={() => navigate("/runs")}
                className="rounded-sm hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
              >
                <X className="size-3.5" aria-hidden="true" />
              </button>
            </Badge>
          ) : null}
        </CardContent>
      </Card>

      {!tenantLoading && tenantId === null ? (
        <NoTenantState />
      ) : tenantLoading || runs.isPending ? (
        <div role="status" aria-label="Loading runs" className="flex flex-col gap-3">
          <Skeleton className="h-16" />
          <Skeleton className="h-20" />
          <Skeleton className="h-20" />
        </div>
      ) : runs.isError ? (
        <ErrorPanel
          title="Failed to Load Runs"
          message="Unable to retrieve policy runs. Please check your connection and try again."
          onRetry={() => void runs.refetch()}
        />
      ) : (
        <>
          {tenantId ? (
            <PageNarrator
              tenantId={tenantId}
              page="runs"
              filters={{ repo: debouncedRepo.trim() || null, status, dateRange, control }}
              title="Runs summary"
            />
          ) : null}
          {allRuns.length === 0 ? (
            <EmptyState
              icon={PlayCircle}
              title="No policy runs"
              description="No runs match these filters. Start a scan from the dashboard."
            />
          ) : (
            <ul aria-label="Policy runs" className="flex flex-col gap-2">
              {allRuns.map((run) => (
                <RunCard key={run.id} run={run} onOpen={() => setOpenRunId(run.id)} />
              ))}
            </ul>
          )}
          {allRuns.length > 0 ? (
            <div className="flex flex-col items-center gap-2 text-xs text-muted-foreground">
              <p>
                Showing {allRuns.length} of {Math.max(counts.total, allRuns.length)}
              </p>
              {runs.hasNextPage ? (
                <Button
                  variant="outline"
                  disabled={runs.isFetchingNextPage}
                  onClick={() => void runs.fetchNextPage()}
                >
                  {runs.isFetchingNextPage ? "Loading..." : "Load More"}
                </Button>
              ) : null}
            </div>
          ) : null}
        </>
      )}
      {tenantId ? <RepositoriesCard tenantId={tenantId} readOnly={readOnly} /> : null}
      <RunDrawer
        runId={openRunId}
        onClose={() => setOpenRunId(null)}
        readOnly={readOnly}
        highlightFindingId={highlightFindingId}
      />
    </Page>
  );
}
