// PR Bot Activity (/pr-bot): the tenant's fix pull requests with their display status, and the
// live count of open ones. The list shows 50 at a time; Load More shows 50 more (the API sends the
// tenant's newest pull requests in one answer, so paging is on the client).
// `?action=fix&control={controlId}` (the control drawer's link) names the control in a note: a
// pull request records its finding, not the finding's control, so the list cannot be filtered by
// control; fix PRs are opened per finding from the Code Findings and Dependencies pages.
import { GitPullRequest, Info } from "lucide-react";
import { useState } from "react";
import { Link, useSearchParams } from "wouter";
import { EmptyState } from "../../components/empty-state";
import { ErrorPanel } from "../../components/error-panel";
import { Page } from "../../components/page";
import { PageHeader } from "../../components/page-header";
import { Button } from "../../components/ui/button";
import { Skeleton } from "../../components/ui/skeleton";
import { useCurrentTenant } from "../../session/use-current-tenant";
import { usePrSuggestions } from "./api/get-pr-suggestions";
import { LiveStatusCard } from "./live-status-card";
import { PrSuggestionCard } from "./pr-suggestion-card";

/** Spec part 2, §9: lists of 50 or more show Load More; each press shows this many more. */
export const PR_PAGE_SIZE = 50;

export function PrBotPage() {
  const { tenantId, isLoading: tenantLoading } = useCurrentTenant();
  const suggestions = usePrSuggestions(tenantLoading ? null : tenantId);
  const [shownCount, setShownCount] = useState(PR_PAGE_SIZE);
  const [searchParams] = useSearchParams();
  const fixControl = searchParams.get("action") === "fix" ? searchParams.get("control") : null;
  const items = suggestions.data ?? [];
  const shown = items.slice(0, shownCount);

  return (
    <Page>
      <PageHeader title="PR Bot Activity" subtitle="Automated fix pull requests and their status" />
      {fixControl ? <ControlFixNote controlId={fixControl} /> : null}
      <LiveStatusCard tenantId={tenantLoading ? null : tenantId} />
      {tenantLoading || (tenantId !== null && suggestions.isPending) ? (
        <div role="status" aria-label="Loading PR suggestions" className="flex flex-col gap-3">
          <Skeleton className="h-32" />
          <Skeleton className="h-32" />
          <Skeleton className="h-32" />
        </div>
      ) : suggestions.isError ? (
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
            {shown.map((suggestion) => (
              <PrSuggestionCard key={suggestion.id} suggestion={suggestion} />
            ))}
          </ul>
          <div className="flex flex-col items-center gap-2 text-xs text-muted-foreground">
            <p>
              Showing {shown.length} of {items.length}
            </p>
            {shown.length < items.length ? (
              <Button variant="outline" onClick={() => setShownCount((count) => count + PR_PAGE_SIZE)}>
                Load More
              </Button>
            ) : null}
          </div>
        </>
      )}
    </Page>
  );
}

function ControlFixNote({ controlId }: { controlId: string }) {
  return (
    <section
      aria-label="Fixes for a control"
      className="flex items-start gap-3 rounded-lg border border-primary/30 bg-primary/5 p-4 text-sm"
    >
      <Info className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
      <p>
        You came here to fix control <span className="font-mono font-medium">{controlId}</span>. Fix pull
        requests are opened per finding: open the control's failing findings on the{" "}
        <Link href="/code-findings" className="text-primary hover:underline">
          Code Findings
        </Link>{" "}
        or{" "}
        <Link href="/dependencies" className="text-primary hover:underline">
          Dependencies
        </Link>{" "}
        page and use Create Fix PR. All of the organization's fix pull requests are listed below.
      </p>
    </section>
  );
}
