// Security Dashboard (/dashboard). Posture, controls, runs and findings arrive with the dashboard
// data API; until then the page shows the auditor setting and an honest empty state.
import { BarChart3 } from "lucide-react";
import { useState } from "react";
import { EmptyState } from "../../components/empty-state";
import { Page } from "../../components/page";
import { DEFAULT_TIME_RANGE, PageHeader, type TimeRangeDays } from "../../components/page-header";
import { Skeleton } from "../../components/ui/skeleton";
import { useCurrentTenant } from "../../session/use-current-tenant";
import { AuditorAccessCard } from "./auditor-access-card";
import { DashboardErrorPanel } from "./dashboard-error-panel";

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

export function DashboardPage() {
  const [days, setDays] = useState<TimeRangeDays>(DEFAULT_TIME_RANGE);
  const { tenantId, mode, isLoading, error } = useCurrentTenant();

  return (
    <Page>
      <PageHeader
        title="Security Dashboard"
        subtitle="Real-time compliance and security posture"
        timeRange={days}
        onTimeRangeChange={setDays}
      />
      {isLoading ? <DashboardSkeleton /> : null}
      {!isLoading && error ? <DashboardErrorPanel error={error} /> : null}
      {!isLoading && !error ? (
        <>
          {tenantId ? <AuditorAccessCard tenantId={tenantId} readOnly={mode === "demo"} /> : null}
          <EmptyState
            icon={BarChart3}
            title="No Data Available"
            description="No dashboard data found for the selected tenant and time range"
          />
        </>
      ) : null}
    </Page>
  );
}
