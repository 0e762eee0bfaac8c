// Risk Intelligence (/risks): how many risks, their average score and the top risks, each scored
// out of 10 with a bar coloured at 8, 5 and 3 (spec part 2, §9).

import { plural } from "@rampart/contracts/words";
import { ShieldAlert } from "lucide-react";
import { EmptyState } from "../../components/empty-state";
import { ErrorPanel } from "../../components/error-panel";
import { Markdown } from "../../components/markdown";
import { NoTenantState } from "../../components/no-tenant-state";
import { Page } from "../../components/page";
import { PageHeader } from "../../components/page-header";
import { SeverityBadge } from "../../components/severity-badge";
import { Badge } from "../../components/ui/badge";
import { Card, CardContent } from "../../components/ui/card";
import { Progress } from "../../components/ui/progress";
import { Skeleton } from "../../components/ui/skeleton";
import { cn } from "../../lib/cn";
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
      ) : risks.isError ? (
        <ErrorPanel
          title="Failed to Load Risks"
          message="Unable to retrieve risk scores. Please check your connection and try again."
        />
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            <Card>
              <CardContent className="pt-5">
                <h2 className="text-sm text-muted-foreground">Total Risks</h2>
                <p className="text-2xl font-semibold tabular-nums">{risks.data.totalRisks}</p>
              </CardContent>
            </Card>
            <Card>
              <CardContent className="pt-5">
                <h2 className="text-sm text-muted-foreground">Average Risk Score</h2>
                <p className="text-2xl font-semibold tabular-nums">{risks.data.avgRiskScore.toFixed(1)}</p>
              </CardContent>
            </Card>
          </div>
          {risks.data.topRisks.length === 0 ? (
            <EmptyState
              icon={ShieldAlert}
              title="No risks identified"
              description="Your security posture is strong!"
            />
          ) : (
            <ul aria-label="Top risks" className="flex flex-col gap-3">
              {risks.data.topRisks.map((risk) => (
                <li key={risk.id}>
                  <Card>
                    <CardContent className="flex flex-col gap-2 pt-5">
                      <div className="flex flex-wrap items-center justify-between gap-2">
                        <div className="flex items-center gap-2">
                          <Badge variant="muted">{risk.type}</Badge>
                          <SeverityBadge severity={risk.severity} />
                          <span className="text-xs text-muted-foreground">
                            {plural(risk.findingCount, "finding")}
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
        </>
      )}
    </Page>
  );
}
