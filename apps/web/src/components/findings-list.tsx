// The body of a findings page (code findings, vulnerable dependencies): a skeleton while loading,
// an error panel with retry, an empty state, or the severity counts, the severity filter and the
// page's own filters, and its findings, with a state of its own when the filters match none.
import type { Severity } from "@rampart/contracts/common";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { EmptyState } from "./empty-state";
import { ErrorPanel } from "./error-panel";
import { FilterButtons } from "./filter-buttons";
import { SEVERITY_LABELS } from "./severity-badge";
import { type SeverityCounts, SeverityStats, SeverityStatsSkeleton } from "./severity-stats";
import { Card, CardContent } from "./ui/card";

export type SeverityFilter = "all" | Severity;
const SEVERITY_FILTERS: readonly SeverityFilter[] = ["all", "critical", "high", "med", "low"];
const SEVERITY_FILTER_LABELS: Record<SeverityFilter, string> = { all: "All severities", ...SEVERITY_LABELS };

export interface FindingsListTexts {
  loading: string;
  errorTitle: string;
  errorMessage: string;
  emptyIcon: LucideIcon;
  emptyTitle: string;
  emptyDescription: string;
  /** Accessible names of the severity counts and of the list. */
  stats: string;
  list: string;
  noMatchTitle: string;
}

interface FindingsData<Finding, Stats extends SeverityCounts> {
  findings: readonly Finding[];
  stats: Stats;
}

export function FindingsList<Finding, Stats extends SeverityCounts>({
  loading,
  query,
  texts,
  severity,
  onSeverityChange,
  filters,
  shown,
  renderFinding,
}: {
  loading: boolean;
  query: { isError: boolean; data: FindingsData<Finding, Stats> | undefined; refetch(): unknown };
  texts: FindingsListTexts;
  severity: SeverityFilter;
  onSeverityChange(severity: SeverityFilter): void;
  /** The page's filters after the severity filter. */
  filters(data: FindingsData<Finding, Stats>): ReactNode;
  /** The findings the page's filters let through. */
  shown: readonly Finding[];
  /** One list item, with its key. */
  renderFinding(finding: Finding): ReactNode;
}) {
  if (loading) return <SeverityStatsSkeleton label={texts.loading} />;
  if (query.isError)
    return (
      <ErrorPanel
        title={texts.errorTitle}
        message={texts.errorMessage}
        onRetry={() => void query.refetch()}
      />
    );
  const data = query.data;
  if (!data || data.findings.length === 0)
    return (
      <EmptyState icon={texts.emptyIcon} title={texts.emptyTitle} description={texts.emptyDescription} />
    );
  return (
    <>
      <SeverityStats label={texts.stats} stats={data.stats} />
      <Card>
        <CardContent className="flex flex-col gap-3 pt-5">
          <FilterButtons
            label="Severity"
            options={SEVERITY_FILTERS}
            value={severity}
            onChange={onSeverityChange}
            labels={SEVERITY_FILTER_LABELS}
          />
          {filters(data)}
        </CardContent>
      </Card>
      {shown.length === 0 ? (
        <EmptyState title={texts.noMatchTitle} description="No findings match these filters." />
      ) : (
        <ul aria-label={texts.list} className="flex flex-col gap-3">
          {shown.map(renderFinding)}
        </ul>
      )}
    </>
  );
}
