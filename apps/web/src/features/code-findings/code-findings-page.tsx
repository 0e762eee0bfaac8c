// Code Security Findings (SAST) (/code-findings): severity and category counts, client-side
// filters by severity and category, and each open code finding with its fix button when the rule
// left a patch (spec part 2: the fix button appears only if a fix suggestion exists).
import type { SastCategory, SastStats } from "@rampart/contracts/sast";
import { FileCode } from "lucide-react";
import { useState } from "react";
import { EmptyState } from "../../components/empty-state";
import { ErrorPanel } from "../../components/error-panel";
import { FilterButtons } from "../../components/filter-buttons";
import { Page } from "../../components/page";
import { PageHeader } from "../../components/page-header";
import { SEVERITY_LABELS } from "../../components/severity-badge";
import { SeverityStats, SeverityStatsSkeleton } from "../../components/severity-stats";
import { Card, CardContent } from "../../components/ui/card";
import { useCurrentTenant } from "../../session/use-current-tenant";
import { useCreateSastFix } from "./api/create-sast-fix";
import { useSastFindings } from "./api/get-sast-findings";
import { CodeFindingCard } from "./code-finding-card";
import {
  CATEGORY_FILTERS,
  CATEGORY_LABELS,
  type CategoryFilter,
  filterFindings,
  SEVERITY_FILTERS,
  type SeverityFilter,
} from "./sast-filters";

const SEVERITY_FILTER_LABELS: Record<SeverityFilter, string> = { all: "All severities", ...SEVERITY_LABELS };

/** Each category with its count, so an empty category reads as such before it is clicked. */
function categoryFilterLabels(counts: SastStats["categories"]): Record<CategoryFilter, string> {
  const withCount = (category: SastCategory) => `${CATEGORY_LABELS[category]} (${counts[category]})`;
  return {
    all: "All categories",
    security: withCount("security"),
    "best-practice": withCount("best-practice"),
    correctness: withCount("correctness"),
  };
}

export function CodeFindingsPage() {
  const { tenantId, isLoading: tenantLoading } = useCurrentTenant();
  const sast = useSastFindings(tenantLoading ? null : tenantId);
  const createFix = useCreateSastFix();
  const [severity, setSeverity] = useState<SeverityFilter>("all");
  const [category, setCategory] = useState<CategoryFilter>("all");
  const findings = sast.data?.findings ?? [];
  const shown = filterFindings(findings, severity, category);

  return (
    <Page>
      <PageHeader
        title="Code Security Findings (SAST)"
        subtitle="Static analysis findings in your source code"
      />
      {tenantLoading || (tenantId !== null && sast.isPending) ? (
        <SeverityStatsSkeleton label="Loading findings" />
      ) : sast.isError ? (
        <ErrorPanel
          title="Failed to Load Findings"
          message="Unable to retrieve code security findings. Please check your connection and try again."
          onRetry={() => void sast.refetch()}
        />
      ) : !sast.data || findings.length === 0 ? (
        <EmptyState
          icon={FileCode}
          title="No code findings"
          description="Run a scan from the dashboard to check your repositories' source code for injection, unsafe deserialization and other flaws."
        />
      ) : (
        <>
          <SeverityStats label="Finding statistics" stats={sast.data.stats} />
          <Card>
            <CardContent className="flex flex-col gap-3 pt-5">
              <FilterButtons
                label="Severity"
                options={SEVERITY_FILTERS}
                value={severity}
                onChange={setSeverity}
                labels={SEVERITY_FILTER_LABELS}
              />
              <FilterButtons
                label="Category"
                options={CATEGORY_FILTERS}
                value={category}
                onChange={setCategory}
                labels={categoryFilterLabels(sast.data.stats.categories)}
              />
            </CardContent>
          </Card>
          {shown.length === 0 ? (
            <EmptyState title="No matching findings" description="No findings match these filters." />
          ) : (
            <ul aria-label="Code findings" className="flex flex-col gap-3">
              {shown.map((finding) => (
                <CodeFindingCard
                  key={finding.id}
                  finding={finding}
                  creatingFix={createFix.isPending && createFix.variables === finding.id}
                  onCreateFix={() => createFix.mutate(finding.id)}
                />
              ))}
            </ul>
          )}
        </>
      )}
    </Page>
  );
}
