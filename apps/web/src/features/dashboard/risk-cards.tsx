// Top 5 Risks and the Risk Heatmap, side by side on the dashboard. The top risks say how many
// there are in all and lead to Risk Intelligence, where every one is listed.
import type { HeatmapResponse } from "@rampart/contracts/risks";
import { plural } from "@rampart/contracts/words";
import { ShieldCheck } from "lucide-react";
import { Link } from "wouter";
import { Markdown } from "../../components/markdown";
import { SeverityBadge } from "../../components/severity-badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { cn } from "../../lib/cn";
import { findingsBreakdown } from "../../lib/findings-breakdown";
import { useRiskHeatmap, useRisks } from "./api/get-risks";

export const TOP_RISKS_SHOWN = 5;

/** Spec part 1, §9: 8 or more red, 6 or more orange, 4 or more yellow, else blue. */
export function riskScoreClass(score: number): string {
  if (score >= 8) return "text-red-400";
  if (score >= 6) return "text-orange-400";
  if (score >= 4) return "text-yellow-300";
  return "text-sky-400";
}

/** Heatmap cell by its share of the largest cell: ≥75% red, ≥50% orange, ≥25% yellow, else blue; 0 muted. */
export function heatmapCellClass(count: number, max: number): string {
  if (count === 0 || max === 0) return "bg-muted text-subtle-foreground";
  const share = count / max;
  if (share >= 0.75) return "bg-red-500/70 text-white";
  if (share >= 0.5) return "bg-orange-500/60 text-white";
  if (share >= 0.25) return "bg-yellow-500/50 text-foreground";
  return "bg-sky-500/40 text-foreground";
}

function CardSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="flex flex-col gap-2">
      <Skeleton className="h-10" />
      <Skeleton className="h-10" />
      <Skeleton className="h-10" />
    </div>
  );
}

export function TopRisksCard({ tenantId }: { tenantId: string }) {
  const risks = useRisks(tenantId);
  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div className="flex flex-col gap-1.5">
          <CardTitle>Top 5 Risks</CardTitle>
          {risks.data && risks.data.topRisks.length > 0 ? (
            <CardDescription>
              {plural(risks.data.totalRisks, "risk")} · average score {risks.data.avgRiskScore.toFixed(1)}
            </CardDescription>
          ) : null}
        </div>
        {risks.data && risks.data.totalRisks > 0 ? (
          <Link href="/risks" className="shrink-0 text-sm text-primary hover:underline">
            View all risks
          </Link>
        ) : null}
      </CardHeader>
      <CardContent>
        {risks.isPending ? (
          <CardSkeleton label="Loading risks" />
        ) : risks.isError ? (
          <p role="alert" className="text-sm text-danger">
            Could not load risks: {risks.error.message}
          </p>
        ) : risks.data.topRisks.length === 0 ? (
          <div className="flex flex-col items-center gap-2 py-6 text-center text-sm text-muted-foreground">
            <ShieldCheck className="size-8 text-success" aria-hidden="true" />
            <p className="font-medium text-foreground">No risks identified</p>
            <p>Your security posture is strong!</p>
          </div>
        ) : (
          <ol aria-label="Top risks" className="flex flex-col gap-3">
            {risks.data.topRisks.slice(0, TOP_RISKS_SHOWN).map((risk) => (
              <li key={risk.id} className="flex items-start justify-between gap-3 text-sm">
                <div className="min-w-0">
                  <div className="flex flex-wrap items-center gap-2">
                    <SeverityBadge severity={risk.severity} />
                    <span className="text-xs text-muted-foreground">
                      {risk.type} · {findingsBreakdown(risk.findingCount, risk.findingsBySeverity)}
                    </span>
                  </div>
                  <p className="mt-1">{risk.description}</p>
                  <Markdown className="text-xs text-muted-foreground">{risk.impact}</Markdown>
                </div>
                <span className={cn("text-lg font-semibold tabular-nums", riskScoreClass(risk.riskScore))}>
                  {risk.riskScore.toFixed(1)}
                </span>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

const HEATMAP_SEVERITIES = [
  ["critical", "Critical"],
  ["high", "High"],
  ["med", "Medium"],
  ["low", "Low"],
] as const;

function Heatmap({ data }: { data: HeatmapResponse }) {
  const max = Math.max(0, ...data.heatmap.flatMap((row) => HEATMAP_SEVERITIES.map(([key]) => row[key])));
  return (
    <table aria-label="Risk heatmap" className="w-full border-separate border-spacing-1 text-sm">
      <thead>
        <tr>
          <th scope="col" className="text-left text-xs font-semibold text-muted-foreground">
            Type
          </th>
          {HEATMAP_SEVERITIES.map(([key, label]) => (
            <th key={key} scope="col" className="text-xs font-semibold text-muted-foreground">
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {data.heatmap.map((row) => (
          <tr key={row.type}>
            <th scope="row" className="text-left font-medium">
              {row.type}
            </th>
            {HEATMAP_SEVERITIES.map(([key]) => (
              <td
                key={key}
                className={cn("rounded-md py-2 text-center tabular-nums", heatmapCellClass(row[key], max))}
              >
                {row[key]}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function RiskHeatmapCard({ tenantId }: { tenantId: string }) {
  const heatmap = useRiskHeatmap(tenantId);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Risk Heatmap</CardTitle>
        {heatmap.data && heatmap.data.totalFindings > 0 ? (
          <CardDescription>
            {plural(heatmap.data.totalFindings, "open finding")} by type and severity
          </CardDescription>
        ) : null}
      </CardHeader>
      <CardContent>
        {heatmap.isPending ? (
          <CardSkeleton label="Loading heatmap" />
        ) : heatmap.isError ? (
          <p role="alert" className="text-sm text-danger">
            Could not load the heatmap: {heatmap.error.message}
          </p>
        ) : heatmap.data.heatmap.length === 0 || heatmap.data.totalFindings === 0 ? (
          <div className="py-6 text-center text-sm text-muted-foreground">
            <p className="font-medium text-foreground">No findings data available</p>
            <p>Run a security scan to populate the heatmap.</p>
          </div>
        ) : (
          <Heatmap data={heatmap.data} />
        )}
      </CardContent>
    </Card>
  );
}
