// Risk Intelligence (/risks): how many risks, their average score and every risk, highest first and
// a page at a time, each scored out of 10 with a bar coloured at 8, 5 and 3 (spec part 2, §9) and
// saying what its findings are.
import { ShieldAlert } from "lucide-react";
import { useSearch } from "wouter";
import { EmptyState } from "../../components/empty-state";
import { ErrorPanel } from "../../components/error-panel";
import { Markdown } from "../../components/markdown";
import { NoTenantState } from "../../components/no-tenant-state";
import { Page } from "../../components/page";
import { PageHeader } from "../../components/page-header";
import { SeverityBadge } from "../../components/severity-badge";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { Progress } from "../../components/ui/progress";
import { Skeleton } from "../../components/ui/skeleton";
import { cn } from "../../lib/cn";
import { findingsBreakdown } from "../../lib/findings-breakdown";
import { scrollIntoView } from "../../lib/scroll-into-view";
import { useCurrentTenant } from "../../session/use-current-tenant";
import { useRisks } from "./api/get-risks";

export function riskBarClass(score: number): string {
  if (score >= 8) return "bg-red-500";
  if (score >= 5) return "bg-orange-500";
  if (score >= 3) return "bg-yellow-400";
  return "bg-sky-500";
}

export function RisksPage() {
  const { tenantId, isLoading } = useCurrentTenant();
  const risks = useRisks(isLoading ? null : tenantId);
  const pages = risks.data?.pages ?? [];
  const items = pages.flatMap((page) => page.topRisks);
  // The newest page's figures: risks found meanwhile are counted, not yet listed.
  const latest = pages.at(-1);
  // ?rule={ruleId} (the advisor's citations) marks that rule's risk.
  const rule = new URLSearchParams(useSearch()).get("rule");
  return (
    <Page>
      <PageHeader
        title="Risk Intelligence"
        subtitle="Findings scored by severity, exploitability and exposure"
      />
      {!isLoading && tenantId === null ? (
        <NoTenantState />
      ) : isLoading || risks.isPending ? (
        <div role="status" aria-label="Loading risks" className="flex flex-col gap-3">
          <Skeleton className="h-24" />
          <Skeleton className="h-24" />
        </div>
      ) : risks.isError && !latest ? (
        <ErrorPanel
          title="Failed to Load Risks"
          message="Unable to retrieve risk scores. Please check your connection and try again."
        />
      ) : latest ? (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <Card>
              <CardContent className="pt-5">
                <h2 className="text-sm text-muted-foreground">Total Risks</h2>
                <p className="text-2xl font-semibold tabular-nums">{latest.totalRisks}</p>
              </CardContent>
            </Card>
            <Card>
              <CardContent className="pt-5">
                <h2 className="text-sm text-muted-foreground">Average Risk Score</h2>
                <p className="text-2xl font-semibold tabular-nums">{latest.avgRiskScore.toFixed(1)}</p>
              </CardContent>
            </Card>
          </div>
          {items.length === 0 ? (
            <EmptyState
              icon={ShieldAlert}
              title="No risks identified"
              description="Your security posture is strong!"
            />
          ) : (
            <ul aria-label="Risks" className="flex flex-col gap-3">
              {items.map((risk) => (
                <li
                  key={risk.id}
                  aria-current={risk.id === rule ? "true" : undefined}
                  ref={risk.id === rule ? scrollIntoView : undefined}
                >
                  <Card className={cn(risk.id === rule && "border-primary ring-2 ring-primary")}>
                    <CardContent className="flex flex-col gap-2 pt-5">
                      <div className="flex flex-wrap items-center justify-between gap-2">
                        <div className="flex items-center gap-2">
                          <Badge variant="muted">{risk.type}</Badge>
                          <SeverityBadge severity={risk.severity} />
                          <span className="text-xs text-muted-foreground">
                            {findingsBreakdown(risk.findingCount, risk.findingsBySeverity)}
                          </span>
                        </div>
                        <span className="font-semibold tabular-nums">{risk.riskScore.toFixed(1)}/10</span>
                      </div>
                      <p className="font-medium">{risk.description}</p>
                      <Markdown className="text-sm text-muted-foreground">{risk.impact}</Markdown>
                      <Progress
                        value={risk.riskScore * 10}
                        label={`Risk score ${risk.riskScore.toFixed(1)} of 10`}
                        barClassName={cn(riskBarClass(risk.riskScore))}
                      />
                    </CardContent>
                  </Card>
                </li>
              ))}
            </ul>
          )}
          {items.length > 0 ? (
            <div className="flex flex-col items-center gap-2 text-xs text-muted-foreground">
              <p>
                Showing {items.length} of {Math.max(latest.totalRisks, items.length)}
              </p>
              {risks.isFetchNextPageError ? (
                <p role="alert" className="text-danger">
                  Failed to load more risks. Try again.
                </p>
              ) : null}
              {risks.hasNextPage ? (
                <Button
                  variant="outline"
                  disabled={risks.isFetchingNextPage}
                  onClick={() => void risks.fetchNextPage()}
                >
                  {risks.isFetchingNextPage ? "Loading..." : "Load More"}
                </Button>
              ) : null}
            </div>
          ) : null}
        </>
      ) : null}
    </Page>
  );
}
