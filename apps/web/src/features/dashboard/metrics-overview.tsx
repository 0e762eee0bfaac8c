// Metrics overview: posture, active runs, critical findings and remediation time, with trend
// captions computed from the previous period (hidden when there is no history) and the
// posture-over-time chart (posture-chart.tsx).

import type { DashboardSummary } from "@rampart/contracts/dashboard";
import { plural, pluralForm } from "@rampart/contracts/words";
import type { LucideIcon } from "lucide-react";
import { Activity, AlertTriangle, Clock, ShieldCheck } from "lucide-react";
import type { ReactNode } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { cn } from "../../lib/cn";
import { PostureChart } from "./posture-chart";

type Metrics = DashboardSummary["metrics"];

/** Remediation time is held in days; below one day it reads in hours (value × 24). */
export function formatRemediationTime(days: number | null): string {
  if (days === null) return "N/A";
  if (days < 1) return plural(Math.round(days * 24), "hour");
  return plural(Number(days.toFixed(1)), "day");
}

function signed(value: number): string {
  const rounded = Number(value.toFixed(1));
  return `${rounded > 0 ? "+" : ""}${rounded}`;
}

/** '+3 pts vs previous period'; null without history. */
export function postureCaption(change: number | null): { text: string; good: boolean | null } | null {
  if (change === null) return null;
  const points = pluralForm(Math.abs(Number(change.toFixed(1))), "pt");
  return { text: `${signed(change)} ${points} vs previous period`, good: change === 0 ? null : change > 0 };
}

/** '-40% vs previous period': faster remediation (a negative change) is good. */
export function remediationCaption(percent: number | null): { text: string; good: boolean | null } | null {
  if (percent === null) return null;
  return { text: `${signed(percent)}% vs previous period`, good: percent === 0 ? null : percent < 0 };
}

function MetricCard({
  label,
  value,
  icon: Icon,
  caption,
  children,
}: {
  label: string;
  value: string;
  icon: LucideIcon;
  caption?: { text: string; good: boolean | null } | null;
  children?: ReactNode;
}) {
  return (
    <Card>
      <CardContent className="flex flex-col gap-2 pt-5">
        <div className="flex items-center justify-between text-sm text-muted-foreground">
          <h3>{label}</h3>
          <Icon className="size-4" aria-hidden="true" />
        </div>
        <p className="text-2xl font-semibold tabular-nums">{value}</p>
        {caption ? (
          <p
            className={cn(
              "text-xs",
              caption.good === null ? "text-muted-foreground" : caption.good ? "text-success" : "text-danger",
            )}
          >
            {caption.text}
          </p>
        ) : null}
        {children}
      </CardContent>
    </Card>
  );
}

export function MetricsOverview({ metrics }: { metrics: Metrics }) {
  return (
    <section aria-label="Metrics overview" className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <MetricCard
          label="Posture Score"
          value={`${Math.round(metrics.postureScore)}%`}
          icon={ShieldCheck}
          caption={postureCaption(metrics.postureChange)}
        />
        <MetricCard label="Active Runs" value={String(metrics.activeRuns)} icon={Activity} />
        <MetricCard label="Critical Findings" value={String(metrics.criticalFindings)} icon={AlertTriangle} />
        <MetricCard
          label="Remediation Time"
          value={formatRemediationTime(metrics.remediationTime)}
          icon={Clock}
          caption={remediationCaption(metrics.remediationChangePercent)}
        />
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Posture over time</CardTitle>
        </CardHeader>
        <CardContent>
          <PostureChart history={metrics.postureHistory} />
        </CardContent>
      </Card>
    </section>
  );
}
