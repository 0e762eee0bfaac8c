// Compliance Overview (/compliance): pick a framework (the first is chosen automatically), see the
// score and how each requirement maps to Rampart's controls. A requirement with no mapped control,
// or whose controls were not evaluated, is "Untested" and counts against the score. A requirement
// also needs its controls' current evidence accepted: each row says what is missing and who owns
// it, and marks evidence that lapses soon ("At risk"). Type I reports at a date, Type II over a window.
import type { ComplianceResponse } from "@rampart/contracts/compliance";
import { useEffect, useId, useState } from "react";
import { useSearch } from "wouter";
import { ErrorPanel } from "../../components/error-panel";
import { NoTenantState } from "../../components/no-tenant-state";
import { PageNarrator } from "../../components/page-narrator";
import { Badge } from "../../components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Label } from "../../components/ui/label";
import { Progress } from "../../components/ui/progress";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../components/ui/select";
import { Skeleton } from "../../components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table";
import { cn } from "../../lib/cn";
import { scrollIntoView } from "../../lib/scroll-into-view";
import { useCompliance, useFrameworks } from "./api/get-compliance";
import { type AuditPeriod, INITIAL_PERIOD, periodQuery } from "./audit-period";
import { EVIDENCE_STATE_LABELS } from "./evidence-labels";
import { PeriodPicker } from "./period-picker";

const STATUS_BADGE = {
  pass: { label: "Pass", variant: "success" },
  fail: { label: "Fail", variant: "danger" },
  unknown: { label: "Untested", variant: "muted" },
} as const;

type Row = ComplianceResponse["controls"][number];

function MissingEvidence({ missing }: { missing: Row["missing"] }) {
  if (missing.length === 0) return <span className="text-muted-foreground">—</span>;
  return (
    <ul className="flex flex-col gap-0.5 text-xs">
      {missing.map((item) => (
        <li key={`${item.controlCode}/${item.evidenceKey}`}>
          <span className="font-medium">{item.title}</span>{" "}
          <span className="text-muted-foreground">
            ({EVIDENCE_STATE_LABELS[item.state]} · {item.owner ?? "no owner"})
          </span>
        </li>
      ))}
    </ul>
  );
}

function ComplianceBody({
  frameworkId,
  tenantId,
  period,
  requirement = null,
}: {
  frameworkId: string;
  tenantId: string | null;
  period: AuditPeriod;
  /** The requirement a link names (&requirement=, the advisor's citations): marked and shown. */
  requirement?: string | null;
}) {
  const query = periodQuery(period);
  const compliance = useCompliance(frameworkId, tenantId, query);
  if (query === null) return null;
  if (compliance.isPending) {
    return (
      <div role="status" aria-label="Loading compliance" className="flex flex-col gap-3">
        <Skeleton className="h-20" />
        <Skeleton className="h-64" />
      </div>
    );
  }
  if (compliance.isError) {
    return (
      <ErrorPanel
        title="Compliance unavailable"
        message="Failed to load compliance data. Please try selecting a different framework."
      />
    );
  }
  const { framework, compliance: summary, controls } = compliance.data;
  return (
    <>
      {tenantId ? (
        <PageNarrator
          tenantId={tenantId}
          page="compliance"
          filters={{ frameworkId }}
          title="Compliance summary"
        />
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle>
            {framework.name} {framework.version}
          </CardTitle>
          <CardDescription>{framework.description}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          <div className="flex items-center gap-4">
            <span className="text-3xl font-semibold tabular-nums">
              {Math.round(summary.compliancePercentage)}%
            </span>
            <Progress value={summary.compliancePercentage} label={`${framework.name} compliance`} />
          </div>
          <p className="text-sm text-muted-foreground">
            {summary.passedControls} passed · {summary.failedControls} failed · {summary.unknownControls}{" "}
            untested · {summary.testedControls} of {summary.totalControls} tested
          </p>
          <p className="text-xs text-muted-foreground">
            Untested requirements (no mapped control, or mapped controls not evaluated yet) count against the
            score: only a passing check proves a requirement.
          </p>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Control mapping</CardTitle>
        </CardHeader>
        <CardContent>
          <Table aria-label="Control mapping">
            <TableHeader>
              <TableRow>
                <TableHead scope="col">Requirement</TableHead>
                <TableHead scope="col">Mapped</TableHead>
                <TableHead scope="col">Title</TableHead>
                <TableHead scope="col">Control</TableHead>
                <TableHead scope="col">Status</TableHead>
                <TableHead scope="col">Finding</TableHead>
                <TableHead scope="col" className="min-w-64">
                  Missing evidence
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {controls.map((row) => {
                const status = STATUS_BADGE[row.status];
                const codes =
                  row.controls.length > 0
                    ? row.controls.map((control) => control.code).join(", ")
                    : row.controlCode;
                return (
                  <TableRow
                    key={row.frameworkControlCode}
                    aria-current={row.frameworkControlCode === requirement ? "true" : undefined}
                    ref={row.frameworkControlCode === requirement ? scrollIntoView : undefined}
                    className={cn(
                      row.frameworkControlCode === requirement && "bg-accent ring-2 ring-primary",
                    )}
                  >
                    <TableCell className="font-mono text-xs">{row.frameworkControlCode}</TableCell>
                    <TableCell>{row.isMapped ? "Yes" : "No"}</TableCell>
                    <TableCell>{row.controlTitle}</TableCell>
                    <TableCell className="font-mono text-xs">{codes ?? "—"}</TableCell>
                    <TableCell>
                      <span className="flex flex-wrap gap-1">
                        <Badge variant={status.variant}>{status.label}</Badge>
                        {row.atRisk ? <Badge variant="warning">At risk</Badge> : null}
                      </span>
                    </TableCell>
                    <TableCell>{row.hasFinding ? "Yes" : "No"}</TableCell>
                    <TableCell>
                      <MissingEvidence missing={row.missing ?? []} />
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
    </>
  );
}

export function OverviewTab({
  tenantId,
  tenantLoading,
}: {
  tenantId: string | null;
  tenantLoading: boolean;
}) {
  const frameworks = useFrameworks(tenantId, !tenantLoading);
  // ?framework={id}&requirement={code} (the advisor's citations) choose the framework and mark
  // the requirement; a framework the list does not have leaves the first chosen.
  const params = new URLSearchParams(useSearch());
  const linkedFramework = params.get("framework");
  const requirement = params.get("requirement");
  const [chosen, setChosen] = useState<string | null>(linkedFramework);
  useEffect(() => setChosen(linkedFramework), [linkedFramework]);
  const [period, setPeriod] = useState<AuditPeriod>(INITIAL_PERIOD);
  const labelId = useId();
  const frameworkId =
    (frameworks.data?.some((framework) => framework.id === chosen) ? chosen : null) ??
    frameworks.data?.[0]?.id ??
    null;

  if (frameworks.isPending) return <Skeleton className="h-9 w-64" />;
  if (frameworks.isError) {
    return (
      <ErrorPanel
        title="Frameworks unavailable"
        message="Failed to load frameworks. Please try refreshing the page."
      />
    );
  }
  if (frameworks.data.length === 0) {
    return <p className="text-sm text-muted-foreground">No frameworks are configured.</p>;
  }
  return (
    <>
      <div className="flex flex-wrap items-end gap-x-6 gap-y-3">
        <div className="flex min-w-0 items-center gap-3">
          <Label id={labelId} className="shrink-0">
            Framework
          </Label>
          <Select value={frameworkId ?? undefined} onValueChange={setChosen}>
            <SelectTrigger aria-labelledby={labelId} className="w-auto max-w-full min-w-0 sm:min-w-72">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {frameworks.data.map((framework) => (
                <SelectItem key={framework.id} value={framework.id}>
                  {framework.name} {framework.version}
                  {framework.custom ? " (custom)" : ""}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <PeriodPicker period={period} onChange={setPeriod} />
      </div>
      {!tenantLoading && tenantId === null ? (
        <NoTenantState />
      ) : frameworkId && !tenantLoading ? (
        <ComplianceBody
          frameworkId={frameworkId}
          tenantId={tenantId}
          period={period}
          requirement={frameworkId === linkedFramework ? requirement : null}
        />
      ) : null}
    </>
  );
}
