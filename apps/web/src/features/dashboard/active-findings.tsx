// Active Findings: open failed findings, filtered by severity (medium means 'med'), the first five.
// The summary sends each severity's own first five and the counts of all, so a filter shows how
// many exist and says "none" only when there are none. Expanding a row (one at a time) asks once
// per session for its explanation and fix.
import type { SeverityStats } from "@rampart/contracts/common";
import { ACTIVE_FINDINGS_SHOWN } from "@rampart/contracts/dashboard";
import type { Finding } from "@rampart/contracts/runs";
import { plural } from "@rampart/contracts/words";
import { Copy, ShieldCheck } from "lucide-react";
import { useState } from "react";
import { FilterButtons } from "../../components/filter-buttons";
import { Markdown } from "../../components/markdown";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { toast } from "../../components/ui/use-toast";
import { useFindingExplanation } from "./api/explain-finding";
import { useGeneratedFix } from "./api/generate-fix";
import type { DismissAvailability } from "./dismiss-availability";
import { FindingActions } from "./finding-actions";
import { ExpandableCheckRow, findingLocation } from "./finding-row";
import { WaiverDialog } from "./waiver-dialog";

export const FINDING_FILTERS = ["all", "critical", "high", "medium"] as const;
export type FindingFilter = (typeof FINDING_FILTERS)[number];

/** The count behind each filter (the severity scale says 'med' where the filter says medium). */
const FILTER_COUNT: Record<FindingFilter, keyof SeverityStats> = {
  all: "total",
  critical: "critical",
  high: "high",
  medium: "med",
};

export function filterFindings(findings: Finding[], filter: FindingFilter): Finding[] {
  const severity = FILTER_COUNT[filter];
  return findings
    .filter((finding) => finding.status === "fail" && !finding.waived)
    .filter((finding) => filter === "all" || finding.severity === severity)
    .slice(0, ACTIVE_FINDINGS_SHOWN);
}

/** "critical (3)": each filter with how many open findings it holds in all. */
function filterLabels(counts: SeverityStats): Record<FindingFilter, string> {
  return Object.fromEntries(
    FINDING_FILTERS.map((filter) => [filter, `${filter} (${counts[FILTER_COUNT[filter]]})`]),
  ) as Record<FindingFilter, string>;
}

/** "Showing 5 of 43 open medium findings", when more exist than the list shows. */
function shownOfTotal(shown: number, total: number, filter: FindingFilter): string | null {
  if (total <= shown) return null;
  return `Showing ${shown} of ${plural(total, filter === "all" ? "open finding" : `open ${filter} finding`)}`;
}

function emptyText(filter: FindingFilter): string {
  return filter === "all"
    ? "No open failed findings. Your latest scans passed every check."
    : `No open ${filter} severity findings.`;
}

async function copyCode(code: string) {
  try {
    await navigator.clipboard.writeText(code);
    toast({ title: "Code Copied", description: "Code snippet copied to clipboard" });
  } catch {
    toast({ variant: "destructive", title: "Copy Failed", description: "Unable to copy code to clipboard" });
  }
}

function SourceBadge({ source }: { source: string }) {
  return source === "knowledge-base" ? (
    <Badge variant="muted">Knowledge base</Badge>
  ) : (
    <Badge>Language model</Badge>
  );
}

function FindingDetails({ finding }: { finding: Finding }) {
  const explanation = useFindingExplanation(finding.id, finding.controlId);
  const fix = useGeneratedFix(finding.id);
  return (
    <div className="grid gap-4 p-4 text-sm lg:grid-cols-2">
      <section aria-label="AI Explanation" className="flex flex-col gap-2">
        <div className="flex items-center gap-2">
          <h4 className="font-semibold">AI Explanation</h4>
          {explanation.data ? <SourceBadge source={explanation.data.source} /> : null}
        </div>
        {explanation.isPending ? (
          <div role="status" aria-label="Loading explanation" className="flex flex-col gap-2">
            <Skeleton className="h-4" />
            <Skeleton className="h-4 w-2/3" />
          </div>
        ) : explanation.isError ? (
          <p className="text-danger">Unable to generate AI explanation. Please try expanding again.</p>
        ) : (
          <>
            <Markdown>{explanation.data.explanation}</Markdown>
            <div>
              <p className="font-medium">Impact</p>
              <Markdown className="text-muted-foreground">{explanation.data.impact}</Markdown>
            </div>
            <div>
              <p className="font-medium">Recommendation</p>
              <Markdown className="text-muted-foreground">{explanation.data.recommendation}</Markdown>
            </div>
          </>
        )}
      </section>
      <section aria-label="AI-Generated Fix" className="flex min-w-0 flex-col gap-2">
        <div className="flex items-center justify-between gap-2">
          <div className="flex items-center gap-2">
            <h4 className="font-semibold">AI-Generated Fix</h4>
            {fix.data ? <SourceBadge source={fix.data.source} /> : null}
          </div>
          {fix.data ? (
            <Button variant="outline" size="sm" onClick={() => copyCode(fix.data.aiGeneratedFix)}>
              <Copy aria-hidden="true" />
              Copy
            </Button>
          ) : null}
        </div>
        {fix.isPending ? (
          <div role="status" aria-label="Loading fix" className="flex flex-col gap-2">
            <Skeleton className="h-16" />
          </div>
        ) : fix.isError ? (
          <p className="text-danger">Unable to generate AI fix. Please try expanding again.</p>
        ) : (
          <>
            {/* How the model's fix was checked, or why the rule's own fix is shown instead. */}
            {fix.data.note ? <p className="text-muted-foreground text-sm">{fix.data.note}</p> : null}
            <pre className="max-h-72 overflow-auto rounded-md bg-surface p-3 font-mono text-xs">
              <code>{fix.data.aiGeneratedFix}</code>
            </pre>
          </>
        )}
      </section>
    </div>
  );
}

function FindingRow({
  finding,
  open,
  onToggle,
  readOnly,
  dismiss,
  onDismiss,
}: {
  finding: Finding;
  open: boolean;
  onToggle: () => void;
  readOnly: boolean;
  dismiss: DismissAvailability;
  onDismiss: () => void;
}) {
  return (
    <ExpandableCheckRow
      where={`${finding.run.repo} · ${findingLocation(finding)} · ${finding.ruleId}`}
      what={finding.message}
      lead="what"
      severity={finding.severity}
      open={open}
      onToggle={onToggle}
    >
      <FindingDetails finding={finding} />
      <FindingActions finding={finding} readOnly={readOnly} dismiss={dismiss} onDismiss={onDismiss} />
    </ExpandableCheckRow>
  );
}

export function ActiveFindings({
  findings,
  counts,
  tenantId,
  readOnly,
  dismiss,
}: {
  findings: Finding[];
  /** All open findings by severity, of which `findings` holds each severity's first few. */
  counts: SeverityStats;
  tenantId: string;
  readOnly: boolean;
  dismiss: DismissAvailability;
}) {
  const [filter, setFilter] = useState<FindingFilter>("all");
  const [openId, setOpenId] = useState<string | null>(null);
  const [dismissing, setDismissing] = useState<Finding | null>(null);
  const visible = filterFindings(findings, filter);
  const total = counts[FILTER_COUNT[filter]];
  const more = shownOfTotal(visible.length, total, filter);

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle>Active Findings</CardTitle>
        <FilterButtons
          label="Finding severity"
          options={FINDING_FILTERS}
          value={filter}
          onChange={setFilter}
          labels={filterLabels(counts)}
        />
      </CardHeader>
      <CardContent>
        {total === 0 && visible.length === 0 ? (
          <div className="flex flex-col items-center gap-2 py-6 text-center text-sm text-muted-foreground">
            <ShieldCheck className="size-8 text-success" aria-hidden="true" />
            <p className="font-medium text-foreground">No Active Findings</p>
            <p>{emptyText(filter)}</p>
          </div>
        ) : (
          <ul aria-label="Active findings" className="flex flex-col gap-2">
            {visible.map((finding) => (
              <FindingRow
                key={finding.id}
                finding={finding}
                open={openId === finding.id}
                onToggle={() => setOpenId(openId === finding.id ? null : finding.id)}
                readOnly={readOnly}
                dismiss={dismiss}
                onDismiss={() => setDismissing(finding)}
              />
            ))}
          </ul>
        )}
        {more ? <p className="mt-3 text-xs text-muted-foreground">{more}</p> : null}
      </CardContent>
      <WaiverDialog
        finding={dismissing}
        tenantId={tenantId}
        needsApproval={dismiss.available && dismiss.needsApproval}
        onClose={() => setDismissing(null)}
      />
    </Card>
  );
}
