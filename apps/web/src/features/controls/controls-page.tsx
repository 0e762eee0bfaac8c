// Security Controls (/controls): control cards by category, and a drawer with a control's recent
// findings, evidence hashes and links to its fix PRs, runs and evidence.

import type { ControlStatusRow } from "@rampart/contracts/controls";
import { plural } from "@rampart/contracts/words";
import { ShieldCheck } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useSearch } from "wouter";
import { EmptyState } from "../../components/empty-state";
import { ErrorPanel } from "../../components/error-panel";
import { FilterButtons } from "../../components/filter-buttons";
import { NoTenantState } from "../../components/no-tenant-state";
import { Page } from "../../components/page";
import { PageHeader } from "../../components/page-header";
import { SeverityBadge } from "../../components/severity-badge";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Progress } from "../../components/ui/progress";
import {
  Sheet,
  SheetClose,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
} from "../../components/ui/sheet";
import { Skeleton } from "../../components/ui/skeleton";
import { abbreviate } from "../../lib/run-labels";
import { useCurrentTenant } from "../../session/use-current-tenant";
import { type ControlType, useControlFindings, useControls } from "./api/get-controls";

const CATEGORIES: readonly ControlType[] = ["all", "iac", "pipeline", "env", "secrets"];
export const DRAWER_FINDINGS_SHOWN = 5;
export const DRAWER_HASHES_SHOWN = 3;

function ControlDrawer({
  row,
  tenantId,
  onClose,
}: {
  row: ControlStatusRow | null;
  tenantId: string;
  onClose: () => void;
}) {
  const findings = useControlFindings(row?.control.id ?? null, tenantId);
  return (
    <Sheet open={row !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <SheetContent className="overflow-y-auto">
        {row ? (
          <>
            <SheetHeader>
              <div className="flex items-center gap-2">
                <span className="font-mono text-sm text-muted-foreground">{row.control.code}</span>
                <SeverityBadge severity={row.control.severity} />
              </div>
              <SheetTitle>{row.control.title}</SheetTitle>
              <SheetDescription>{row.control.description || "No description available."}</SheetDescription>
            </SheetHeader>
            <section aria-label="Recent findings" className="text-sm">
              <h3 className="mb-2 font-semibold">Recent findings</h3>
              {findings.isPending ? (
                <Skeleton className="h-20" />
              ) : findings.isError ? (
                <p role="alert" className="text-danger">
                  Failed to load control details. Please try again.
                </p>
              ) : findings.data.images.vulnerabilities.length > 0 ? (
                <ul className="flex flex-col gap-2">
                  {findings.data.images.vulnerabilities
                    .slice(0, DRAWER_FINDINGS_SHOWN)
                    .map((vulnerability) => (
                      <li key={vulnerability.id} className="rounded-md border border-border p-2">
                        <div className="flex items-center justify-between gap-2">
                          <span className="break-all font-mono text-xs">{vulnerability.imageRef}</span>
                          <Badge variant="danger">fail</Badge>
                        </div>
                        <p className="mt-1 text-muted-foreground">
                          {vulnerability.vulnerabilityId} in {vulnerability.packageName}{" "}
                          {vulnerability.installedVersion ?? ""}
                        </p>
                      </li>
                    ))}
                </ul>
              ) : findings.data.findings.length === 0 ? (
                <p className="text-muted-foreground">No findings recorded for this control yet.</p>
              ) : (
                <ul className="flex flex-col gap-2">
                  {findings.data.findings.slice(0, DRAWER_FINDINGS_SHOWN).map((finding) => (
                    <li key={finding.id} className="rounded-md border border-border p-2">
                      <div className="flex items-center justify-between gap-2">
                        <span className="break-all font-mono text-xs">
                          {finding.filePath
                            ? `${finding.filePath}${finding.line ? `:${finding.line}` : ""}`
                            : finding.run.repo}
                        </span>
                        <Badge
                          variant={
                            finding.status === "fail"
                              ? "danger"
                              : finding.status === "pass"
                                ? "success"
                                : "muted"
                          }
                        >
                          {finding.status}
                        </Badge>
                      </div>
                      <p className="mt-1 text-muted-foreground">{finding.message}</p>
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section aria-label="Evidence hashes" className="text-sm">
              <h3 className="mb-2 font-semibold">Evidence hashes</h3>
              {row.evidenceHashes.length === 0 ? (
                <p className="text-muted-foreground">No evidence recorded yet.</p>
              ) : (
                <ul className="flex flex-col gap-1 font-mono text-xs">
                  {row.evidenceHashes.slice(0, DRAWER_HASHES_SHOWN).map((hash) => (
                    <li key={hash} title={hash}>
                      {abbreviate(hash, 16)}…
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <nav aria-label="Related pages" className="flex flex-wrap gap-2">
              <Button asChild variant="outline" size="sm">
                <Link href={`/pr-bot?action=fix&control=${encodeURIComponent(row.control.id)}`}>
                  Create fix PR
                </Link>
              </Button>
              <Button asChild variant="outline" size="sm">
                <Link href={`/runs?control=${encodeURIComponent(row.control.code)}`}>View runs</Link>
              </Button>
              <Button asChild variant="outline" size="sm">
                <Link href={`/evidence?control=${encodeURIComponent(row.control.code)}`}>View evidence</Link>
              </Button>
            </nav>
            <div className="mt-auto flex justify-end">
              <SheetClose asChild>
                <Button variant="outline">Close</Button>
              </SheetClose>
            </div>
          </>
        ) : null}
      </SheetContent>
    </Sheet>
  );
}

export function ControlsPage() {
  const { tenantId, isLoading } = useCurrentTenant();
  const [type, setType] = useState<ControlType>("all");
  // ?control={code} (the advisor's citations link here) opens that control's drawer.
  const requested = new URLSearchParams(useSearch()).get("control");
  const [openCode, setOpenCode] = useState<string | null>(requested);
  useEffect(() => setOpenCode(requested), [requested]);
  const controls = useControls(isLoading ? null : tenantId, type);
  const open =
    openCode === null
      ? null
      : (controls.data?.find((row) => row.control.code === openCode || row.control.id === openCode) ?? null);

  return (
    <Page>
      <PageHeader title="Security Controls" subtitle="Controls and how often each passes or fails" />
      <FilterButtons label="Control category" options={CATEGORIES} value={type} onChange={setType} />
      {!isLoading && tenantId === null ? (
        <NoTenantState />
      ) : isLoading || controls.isPending ? (
        <div role="status" aria-label="Loading controls" className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} className="h-40" />
          ))}
        </div>
      ) : controls.isError ? (
        <ErrorPanel
          title="Failed to Load Controls"
          message="Unable to retrieve security controls. Please check your connection and try again."
          onRetry={() => void controls.refetch()}
        />
      ) : controls.data.length === 0 ? (
        <EmptyState
          icon={ShieldCheck}
          title="No controls"
          description={`No controls found for the "${type}" category.`}
        />
      ) : (
        <ul aria-label="Controls" className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {controls.data.map((row) => (
            <li key={row.control.id}>
              <button
                type="button"
                onClick={() => setOpenCode(row.control.code)}
                aria-label={`${row.control.code} ${row.control.title}`}
                className="flex h-full w-full flex-col gap-3 rounded-lg border border-border bg-card p-5 text-left hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
              >
                <span className="flex items-center justify-between gap-2">
                  <span className="font-mono text-xs text-muted-foreground">{row.control.code}</span>
                  <SeverityBadge severity={row.control.severity} />
                </span>
                <span className="font-medium">{row.control.title}</span>
                <span className="flex flex-wrap gap-1">
                  {row.control.tags.map((tag) => (
                    <Badge key={tag} variant="muted">
                      {tag}
                    </Badge>
                  ))}
                </span>
                <span className="flex gap-4 text-sm">
                  <span className="text-success">{plural(row.passes, "pass", "passes")}</span>
                  <span className="text-danger">{plural(row.failures, "failure")}</span>
                </span>
                {row.evaluated ? (
                  <span className="flex items-center gap-2 text-xs">
                    <Progress value={row.compliance} label={`${row.control.code} compliance`} />
                    <span className="tabular-nums">{Math.round(row.compliance)}%</span>
                  </span>
                ) : (
                  <span className="text-xs text-muted-foreground">Not evaluated</span>
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
      {tenantId ? <ControlDrawer row={open} tenantId={tenantId} onClose={() => setOpenCode(null)} /> : null}
    </Page>
  );
}
