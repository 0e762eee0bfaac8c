// Security Dashboard (/dashboard): the tenant's posture for the chosen day range, in the spec's
// nine sections, with its loading, error, empty and first-load ("Generating AI Security
// Summary") states. The scan button stays available in the empty state so a new tenant can start.
import type { DashboardSummary } from "@rampart/contracts/dashboard";
import type { Repository } from "@rampart/contracts/repositories";
import { BarChart3, Loader2 } from "lucide-react";
import { useState } from "react";
import { EmptyState } from "../../components/empty-state";
import { NarratorCard } from "../../components/narrator-card";
import { NoTenantState } from "../../components/no-tenant-state";
import { Page } from "../../components/page";
import { DEFAULT_TIME_RANGE, PageHeader, type TimeRangeDays } from "../../components/page-header";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../components/ui/dialog";
import { Skeleton } from "../../components/ui/skeleton";
import { useCurrentTenant } from "../../session/use-current-tenant";
import { ActiveFindings } from "./active-findings";
import { useDashboardSummary } from "./api/get-dashboard-summary";
import { useRepositories } from "./api/get-repositories";
import { AuditorAccessCard } from "./auditor-access-card";
import { ControlStatusTable } from "./control-status-table";
import { DashboardErrorPanel } from "./dashboard-error-panel";
import { type DismissAvailability, dismissAvailability } from "./dismiss-availability";
import { EvidenceChainCard } from "./evidence-chain-card";
import { ExecutiveSnapshot } from "./executive-snapshot";
import { MetricsOverview } from "./metrics-overview";
import { PrBotCard } from "./pr-bot-card";
import { RecentRunsCard } from "./recent-runs-card";
import { RiskHeatmapCard, TopRisksCard } from "./risk-cards";
import { ScanControls } from "./scan-controls";

function DashboardSkeleton() {
  return (
    <div role="status" aria-label="Loading dashboard" className="flex flex-col gap-6">
      <Skeleton className="h-24 w-full" />
      <div className="grid gap-4 md:grid-cols-4">
        {[0, 1, 2, 3].map((card) => (
          <Skeleton key={card} className="h-28" />
        ))}
      </div>
      <Skeleton className="h-64 w-full" />
    </div>
  );
}

/** The first summary load: a modal that neither Escape nor an outside click dismisses. */
function GeneratingSummaryModal() {
  return (
    <Dialog open>
      <DialogContent
        className="max-w-md items-center text-center"
        onEscapeKeyDown={(event) => event.preventDefault()}
        onPointerDownOutside={(event) => event.preventDefault()}
        onInteractOutside={(event) => event.preventDefault()}
      >
        <Loader2 className="size-8 animate-spin text-primary" aria-hidden="true" />
        <DialogTitle>Generating AI Security Summary</DialogTitle>
        <DialogDescription>
          The AI is analysing your security posture, compliance status and risk metrics. This usually takes
          15-20 seconds.
        </DialogDescription>
      </DialogContent>
    </Dialog>
  );
}

function RepositoryHint({ repositories }: { repositories: Repository[] | undefined }) {
  // With none, the scan button itself says where to add one.
  if (!repositories || repositories.length === 0) return null;
  const names = repositories.map((repository) => repository.name).join(", ");
  return (
    <p className="text-sm text-muted-foreground">Run a policy scan of {names} to populate the dashboard.</p>
  );
}

function LoadedDashboard({
  summary,
  tenantId,
  readOnly,
  dismiss,
}: {
  summary: DashboardSummary;
  tenantId: string;
  readOnly: boolean;
  dismiss: DismissAvailability;
}) {
  return (
    <>
      <NarratorCard
        title="Security narrative"
        text={summary.narrative.text}
        confidence={summary.narrative.confidence}
        trend={summary.narrative.trend}
      />
      <MetricsOverview metrics={summary.metrics} />
      <ExecutiveSnapshot snapshot={summary.cisoSnapshot} />
      <ControlStatusTable rows={summary.controlStatus} tenantId={tenantId} />
      <RecentRunsCard runs={summary.recentRuns} />
      <div className="grid gap-6 lg:grid-cols-2">
        <PrBotCard suggestions={summary.prSuggestions} activity={summary.prActivity} />
        <EvidenceChainCard chain={summary.chainIntegrity} artifacts={summary.evidenceArtifacts} />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <TopRisksCard tenantId={tenantId} />
        <RiskHeatmapCard tenantId={tenantId} />
      </div>
      <ActiveFindings
        findings={summary.recentFindings}
        counts={summary.openFindingCounts}
        tenantId={tenantId}
        readOnly={readOnly}
        dismiss={dismiss}
      />
    </>
  );
}

export function DashboardPage() {
  const [days, setDays] = useState<TimeRangeDays>(DEFAULT_TIME_RANGE);
  const { tenantId, tenant, isLoading, error } = useCurrentTenant();
  const summary = useDashboardSummary(isLoading ? null : tenantId, days);
  const repositories = useRepositories(isLoading ? null : tenantId);
  // A user's demo organization is their own, so only an auditor's view is read-only.
  const readOnly = tenant?.role === "auditor";

  const loadError = error ?? (summary.isError && !summary.data ? summary.error : null);
  const firstLoad = tenantId !== null && summary.isPending && summary.fetchStatus === "fetching";

  return (
    <Page>
      <PageHeader
        title="Security Dashboard"
        subtitle="Real-time compliance and security posture"
        timeRange={days}
        onTimeRangeChange={setDays}
      />
      {isLoading || firstLoad ? <DashboardSkeleton /> : null}
      {!isLoading && firstLoad ? <GeneratingSummaryModal /> : null}
      {!isLoading && loadError ? (
        <DashboardErrorPanel error={loadError} onRetry={() => void summary.refetch()} />
      ) : null}
      {!isLoading && !loadError && !firstLoad ? (
        <>
          {tenantId ? <AuditorAccessCard tenantId={tenantId} readOnly={readOnly} /> : null}
          {tenantId ? (
            <div className="flex flex-wrap items-center justify-between gap-3">
              <RepositoryHint repositories={summary.data?.hasData ? undefined : repositories.data} />
              <ScanControls tenantId={tenantId} repositories={repositories.data} readOnly={readOnly} />
            </div>
          ) : null}
          {tenantId === null ? (
            // No organization (e.g. the only one was deleted): say so, with the way to add one.
            <NoTenantState />
          ) : summary.data?.hasData ? (
            <LoadedDashboard
              summary={summary.data}
              tenantId={tenantId}
              readOnly={readOnly}
              dismiss={dismissAvailability(tenant)}
            />
          ) : (
            <EmptyState
              icon={BarChart3}
              title="No Data Available"
              description="No dashboard data found for the selected tenant and time range"
            />
          )}
        </>
      ) : null}
    </Page>
  );
}
