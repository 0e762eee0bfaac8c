// PR Bot Activity (/pr-bot): the tenant's fix pull requests with their display status, and the
// live count of open ones. The list loads 50 at a time; Load More fetches the next 50 with the
// server's cursor and is shown while the server says more follow.
// `?action=fix&control={controlId}` (the control drawer's "Create fix PR" link) opens the fix flow
// for that control above the list: its failing findings with Create Fix PR where a fix exists.
import { GitPullRequest } from "lucide-react";
import { Link, useSearchParams } from "wouter";
import { EmptyState } from "../../components/empty-state";
import { ErrorPanel } from "../../components/error-panel";
import { Page } from "../../components/page";
import { PageHeader } from "../../components/page-header";
import { Button } from "../../components/ui/button";
import { Skeleton } from "../../components/ui/skeleton";
import { useCurrentTenant } from "../../session/use-current-tenant";
import { usePrSuggestions } from "./api/get-pr-suggestions";
import { ControlFixPanel } from "./control-fix-panel";
import { LiveStatusCard } from "./live-status-card";
import { PrSuggestionCard } from "./pr-suggestion-card";

export function PrBotPage() {
  const { tenantId, tenant, isLoading: tenantLoading } = useCurrentTenant();
  const suggestions = usePrSuggestions(tenantLoading ? null : tenantId);
  const [searchParams] = useSearchParams();
  const fixControl = searchParams.get("action") === "fix" ? searchParams.get("control") : null;
  const pages = suggestions.data?.pages ?? [];
  const items = pages.flatMap((page) => page.prSuggestions);
  // The newest page's count: pull requests opened meanwhile are counted, not yet listed.
  const total = pages.at(-1)?.total ?? items.length;

  return (
    <Page>
      <PageHeader title="PR Bot Activity" subtitle="Automated fix pull requests and their status" />
      {fixControl ? (
        <ControlFixPanel
          controlId={fixControl}
          tenantId={tenantLoading ? null : tenantId}
          readOnly={tenant?.role === "auditor"}
        />
      ) : null}
      <LiveStatusCard tenantId={tenantLoading ? null : tenantId} />
      {tenantLoading || (tenantId !== null && suggestions.isPending) ? (
        <div role="status" aria-label="Loading PR suggestions" className="flex flex-col gap-3">
          <Skeleton className="h-32" />
          <Skeleton className="h-32" />
          <Skeleton className="h-32" />
        </div>
      ) : suggestions.isError && !suggestions.data ? (
        <ErrorPanel
          title="Failed to Load PR Bot Data"
          message="Unable to retrieve fix pull requests. Please check your connection and try again."
          onRetry={() => void suggestions.refetch()}
        />
      ) : items.length === 0 ? (
        <EmptyState
          icon={GitPullRequest}
          title="No PR Activity"
          description={
            <>
              Fix pull requests are opened with Create Fix PR on the{" "}
              <Link href="/code-findings" className="text-primary hover:underline">
                Code Findings
              </Link>{" "}
              and{" "}
              <Link href="/dependencies" className="text-primary hover:underline">
                Dependencies
              </Link>{" "}
              pages; they appear here once opened.
            </>
          }
        />
      ) : (
        <>
          <ul aria-label="PR suggestions" className="flex flex-col gap-3">
            {items.map((suggestion) => (
              <PrSuggestionCard key={suggestion.id} suggestion={suggestion} />
            ))}
          </ul>
          <div className="flex flex-col items-center gap-2 text-xs text-muted-foreground">
            <p>
              Showing {items.length} of {Math.max(total, items.length)}
            </p>
            {suggestions.isFetchNextPageError ? (
              <p role="alert" className="text-destructive">
                Failed to load more PR suggestions. Try again.
              </p>
            ) : null}
            {suggestions.hasNextPage ? (
              <Button
                variant="outline"
                disabled={suggestions.isFetchingNextPage}
                onClick={() => void suggestions.fetchNextPage()}
              >
                {suggestions.isFetchingNextPage ? "Loading..." : "Load More"}
              </Button>
            ) : null}
          </div>
        </>
      )}
    </Page>
  );
}
