// Compliance Overview (/compliance): pick a framework (the first is chosen automatically), see the
// score and how each requirement maps to Rampart's controls. A requirement with no mapped control,
// or whose controls were not evaluated, is "Untested" and counts against the score.
import { useEffect, useId, useState } from "react";
import { useSearch } from "wouter";
import { ErrorPanel } from "../../components/error-panel";
import { NoTenantState } from "../../components/no-tenant-state";
import { Page } from "../../components/page";
import { PageHeader } from "../../components/page-header";
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
import { useCurrentTenant } from "../../session/use-current-tenant";
import { useCompliance, useFrameworks } from "./api/get-compliance";

const STATUS_BADGE = {
  pass: { label: "Pass", variant: "success" },
  fail: { label: "Fail", variant: "danger" },
  unknown: { label: "Untested", variant: "muted" },
} as const;

function ComplianceBody({
  frameworkId,
  tenantId,
  requirement = null,
}: {
  frameworkId: string;
  tenantId: string | null;
  /** The requirement a link names (&requirement=, the advisor's citations): marked and shown. */
  requirement?: string | null;
}) {
  const compliance = useCompliance(frameworkId, tenantId);
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
                      <Badge variant={status.variant}>{status.label}</Badge>
                    </TableCell>
                    <TableCell>{row.hasFinding ? "Yes" : "No"}</TableCell>
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

export function CompliancePage() {
  const { tenantId, isLoading } = useCurrentTenant();
  const frameworks = useFrameworks();
  // ?framework={id}&requirement={code} (the advisor's citations) choose the framework and mark
  // the requirement; a framework the list does not have leaves the first chosen.
  const params = new URLSearchParams(useSearch());
  const linkedFramework = params.get("framework");
  const requirement = params.get("requirement");
  const [chosen, setChosen] = useState<string | null>(linkedFramework);
  useEffect(() => setChosen(linkedFramework), [linkedFramework]);
  const labelId = useId();
  const frameworkId =
    (frameworks.data?.some((framework) => framework.id === chosen) ? chosen : null) ??
    frameworks.data?.[0]?.id ??
    null;

  return (
    <Page>
      <PageHeader title="Compliance Overview" subtitle="How your controls cover SOC 2, ISO 27001 and NIST" />
      {frameworks.isPending ? (
        <Skeleton className="h-9 w-64" />
      ) : frameworks.isError ? (
        <ErrorPanel
          title="Frameworks unavailable"
          message="Failed to load frameworks. Please try refreshing the page."
        />
      ) : frameworks.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No frameworks are configured.</p>
      ) : (
        <>
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
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          {!isLoading && tenantId === null ? (
            <NoTenantState />
          ) : frameworkId && !isLoading ? (
            <ComplianceBody
              frameworkId={frameworkId}
              tenantId={tenantId}
              requirement={frameworkId === linkedFramework ? requirement : null}
            />
          ) : null}
        </>
      )}
    </Page>
  );
}
