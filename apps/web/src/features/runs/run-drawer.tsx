// The run drawer: Findings (failed with file:line, waived ones with the waiver's reason; passed
// controls 5 then '+N more'), Environments (those declared from the run's repository, with their
// drift state), and Artifacts (hash, the run's evidence ledger entries, its fix pull requests,
// analyzer statuses and skipped files). Above the tabs, the scan's peak memory when it was measured.
import type { Finding, RunDetail } from "@rampart/contracts/runs";
import { plural } from "@rampart/contracts/words";
import { RunStatusBadge } from "../../components/run-status-badge";
import { SeverityBadge } from "../../components/severity-badge";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import {
  Sheet,
  SheetClose,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
} from "../../components/ui/sheet";
import { Skeleton } from "../../components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { cn } from "../../lib/cn";
import { formatDateTime } from "../../lib/format-date";
import { abbreviate, memoryLabel, runReasonLabel, runTitle, unevaluatedTitle } from "../../lib/run-labels";
import { scrollIntoView } from "../../lib/scroll-into-view";
import { useRun } from "./api/get-run";
import { useRevokeWaiver } from "./api/revoke-waiver";
import { RunEnvironmentsTab } from "./run-environments-tab";

export const PASSED_CONTROLS_SHOWN = 5;

/** An analyzer that was not run is not a failure: the scan was told to leave it out. */
const ANALYZER_BADGE = {
  succeeded: "success",
  partial: "warning",
  failed: "danger",
  "not-run": "muted",
} as const satisfies Record<RunDetail["analyzers"][number]["status"], string>;

function location(filePath: string | null, line: number | null): string {
  if (!filePath) return "Repository-wide check";
  return line ? `${filePath}:${line}` : filePath;
}

/** Every control a finding counts for (older findings name only their first). */
function controlsOf(finding: Finding): readonly string[] {
  return finding.metadata.controls ?? [finding.controlId];
}

/**
 * The controls that passed in the run, as its control results count them: a passed check names
 * them and no open failure does (a finding counts for every control its rule evidences).
 */
export function passedControlsOf(findings: readonly Finding[]): string[] {
  const failing = new Set(
    findings.filter((finding) => finding.status === "fail" && !finding.waived).flatMap(controlsOf),
  );
  const passing = findings.filter((finding) => finding.status === "pass").flatMap(controlsOf);
  return [...new Set(passing)].filter((code) => !failing.has(code));
}

function FindingsTab({
  detail,
  readOnly,
  highlightFindingId,
}: {
  detail: RunDetail;
  readOnly: boolean;
  highlightFindingId?: string | null | undefined;
}) {
  const revoke = useRevokeWaiver();
  const failed = detail.findings.filter((finding) => finding.status === "fail");
  // Waived failures stay listed (with their waiver) but do not count, as in the run's own count.
  const open = failed.filter((finding) => !finding.waived);
  const passedControls = passedControlsOf(detail.findings);
  const hidden = passedControls.length - PASSED_CONTROLS_SHOWN;
  const waiverReason = (waiverId: string | undefined) =>
    detail.waivers.find((waiver) => waiver.id === waiverId)?.reason ?? "Waived";

  return (
    <div className="flex flex-col gap-5 text-sm">
      <section aria-label="Failed findings">
        <h3 className="mb-2 font-semibold">Failed ({open.length})</h3>
        {failed.length === 0 ? (
          <p className="text-muted-foreground">No failed checks in this run.</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {failed.map((finding) => (
              <li
                key={finding.id}
                // The finding a link names (?finding=, the advisor's citations) is marked and shown.
                ref={finding.id === highlightFindingId ? scrollIntoView : undefined}
                aria-current={finding.id === highlightFindingId ? "true" : undefined}
                className={cn(
                  "rounded-md border border-border p-3",
                  finding.id === highlightFindingId && "border-primary ring-2 ring-primary",
                )}
              >
                <div className="flex items-center justify-between gap-2">
                  <span className="break-all font-mono text-xs">
                    {location(finding.filePath, finding.line)}
                  </span>
                  <SeverityBadge severity={finding.severity} />
                </div>
                <p className="mt-1">{finding.message}</p>
                <p className="text-xs text-muted-foreground">
                  {controlsOf(finding).join(", ") || "No control"} · {finding.ruleId}
                </p>
                {finding.waived ? (
                  <div className="mt-1 flex items-center gap-2 text-xs">
                    <Badge variant="warning">Waived</Badge>
                    <span className="min-w-0 flex-1 text-muted-foreground">
                      {waiverReason(finding.metadata.waiverId)}
                    </span>
                    {!readOnly && finding.metadata.waiverId ? (
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={revoke.isPending}
                        onClick={() =>
                          revoke.mutate({
                            tenantId: detail.run.tenantId,
                            waiverId: finding.metadata.waiverId!,
                          })
                        }
                      >
                        Revoke waiver
                      </Button>
                    ) : null}
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-label="Passed controls">
        <h3 className="mb-2 font-semibold">Passed controls ({passedControls.length})</h3>
        <ul className="flex flex-wrap gap-1.5">
          {passedControls.slice(0, PASSED_CONTROLS_SHOWN).map((code) => (
            <li key={code}>
              <Badge variant="success">{code}</Badge>
            </li>
          ))}
        </ul>
        {hidden > 0 ? <p className="mt-2 text-xs text-muted-foreground">+{hidden} more</p> : null}
      </section>
    </div>
  );
}

function ArtifactsTab({ detail }: { detail: RunDetail }) {
  return (
    <div className="flex flex-col gap-4 text-sm">
      <div>
        <h3 className="font-semibold">Run hash</h3>
        <p className="break-all font-mono text-xs">{detail.run.selfHash}</p>
      </div>
      <section aria-label="Evidence ledger entries">
        <h3 className="mb-2 font-semibold">Evidence ledger</h3>
        {detail.evidenceArtifacts.length === 0 ? (
          <p className="text-muted-foreground">No ledger entries to show for this run.</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {detail.evidenceArtifacts.map((artifact) => (
              <li key={artifact.id} className="rounded-md border border-border p-3">
                <div className="flex items-center justify-between gap-2">
                  <span className="font-medium">
                    #{artifact.index} {artifact.artifactType.replaceAll("_", " ")}
                  </span>
                  <span className="text-xs text-muted-foreground">{formatDateTime(artifact.createdAt)}</span>
                </div>
                <p className="font-mono text-xs text-muted-foreground">
                  hash {abbreviate(artifact.hash, 16)} · previous {abbreviate(artifact.prevHash, 16)}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
      {detail.prSuggestions.length > 0 ? (
        <section aria-label="Fix pull requests">
          <h3 className="mb-2 font-semibold">Fix pull requests</h3>
          <ul className="flex flex-col gap-2">
            {detail.prSuggestions.map((pr) => (
              <li
                key={pr.id}
                className="flex items-center justify-between gap-2 rounded-md border border-border p-3"
              >
                <span className="min-w-0">
                  <span className="block font-medium">{pr.title}</span>
                  <span className="font-mono text-xs text-muted-foreground">
                    #{pr.number} · {pr.branchName}
                  </span>
                </span>
                {pr.url ? (
                  <a
                    href={pr.url}
                    target="_blank"
                    rel="noreferrer"
                    className="text-xs text-primary underline"
                  >
                    {pr.merged ? "merged" : pr.state}
                  </a>
                ) : (
                  <Badge variant="muted">{pr.merged ? "merged" : pr.state}</Badge>
                )}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-label="Analyzers">
        <h3 className="mb-2 font-semibold">Analyzers</h3>
        {detail.analyzers.length === 0 ? (
          <p className="text-muted-foreground">No analyzer ran in this scan.</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {detail.analyzers.map((analyzer) => (
              <li key={analyzer.analyzer} className="rounded-md border border-border p-3">
                <div className="flex items-center justify-between">
                  <span className="font-medium">{analyzer.analyzer}</span>
                  <Badge variant={ANALYZER_BADGE[analyzer.status]}>{analyzer.status}</Badge>
                </div>
                <p className="text-xs text-muted-foreground">
                  {analyzer.status === "not-run"
                    ? `not run: ${analyzer.reason ?? "not asked for"}`
                    : `${plural(analyzer.filesAnalyzed, "file")} analysed`}
                </p>
                {analyzer.skipped.length > 0 ? (
                  <ul className="mt-2 flex flex-col gap-1 text-xs">
                    {analyzer.skipped.map((skip) => (
                      <li key={skip.path}>
                        <span className="font-mono">{skip.path}</span>:{" "}
                        <span className="text-muted-foreground">{skip.reason}</span>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export function RunDrawer({
  runId,
  onClose,
  readOnly,
  highlightFindingId,
}: {
  runId: string | null;
  onClose: () => void;
  /** A finding of the run to mark and scroll to. */
  highlightFindingId?: string | null;
  /** An auditor may not revoke waivers, so no revoke button. */
  readOnly: boolean;
}) {
  const query = useRun(runId);
  const run = query.data?.run;
  return (
    <Sheet open={runId !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <SheetContent className="max-w-xl overflow-y-auto">
        <SheetHeader>
          <SheetTitle>{run ? runTitle(run.triggeredBy) : "Policy run"}</SheetTitle>
          <SheetDescription>
            {run
              ? [run.repo, abbreviate(run.commitSha, 8), formatDateTime(run.createdAt)]
                  .filter(Boolean)
                  .join(" · ")
              : "Loading run details"}
          </SheetDescription>
        </SheetHeader>
        {query.isPending ? (
          <div role="status" aria-label="Loading run" className="flex flex-col gap-2">
            <Skeleton className="h-8" />
            <Skeleton className="h-32" />
          </div>
        ) : query.isError ? (
          <p role="alert" className="text-sm text-danger">
            Could not load this run: {query.error.message}
          </p>
        ) : (
          <>
            <div className="flex items-center gap-2 text-sm">
              <RunStatusBadge status={query.data.run.status} />
              <span className="text-muted-foreground">
                {query.data.run.reason
                  ? "Nothing was scanned"
                  : `${plural(query.data.run.filesScanned, "file")} · ${query.data.run.failedCount} failed`}
              </span>
            </div>
            {query.data.run.peakMemoryBytes != null ? (
              <p className="text-xs text-muted-foreground">
                Peak memory: {memoryLabel(query.data.run.peakMemoryBytes)}
              </p>
            ) : null}
            {query.data.run.reason ? (
              <section
                aria-label="Why nothing was scanned"
                className="rounded-md border border-border bg-muted p-3 text-sm"
              >
                <p className="font-medium">
                  {unevaluatedTitle(query.data.run)}: {runReasonLabel(query.data.run.reason.code)}
                </p>
                <p className="text-muted-foreground">{query.data.run.reason.message}</p>
              </section>
            ) : null}
            <Tabs defaultValue="findings">
              <TabsList>
                <TabsTrigger value="findings">Findings</TabsTrigger>
                <TabsTrigger value="environments">Environments</TabsTrigger>
                <TabsTrigger value="artifacts">Artifacts</TabsTrigger>
              </TabsList>
              <TabsContent value="findings">
                <FindingsTab
                  detail={query.data}
                  readOnly={readOnly}
                  highlightFindingId={highlightFindingId}
                />
              </TabsContent>
              <TabsContent value="environments">
                <RunEnvironmentsTab run={query.data.run} />
              </TabsContent>
              <TabsContent value="artifacts">
                <ArtifactsTab detail={query.data} />
              </TabsContent>
            </Tabs>
          </>
        )}
        <div className="mt-auto flex justify-end">
          <SheetClose asChild>
            <Button variant="outline">Close</Button>
          </SheetClose>
        </div>
      </SheetContent>
    </Sheet>
  );
}
