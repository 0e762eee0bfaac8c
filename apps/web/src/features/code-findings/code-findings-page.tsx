// Code Security Findings (SAST) (/code-findings): severity and category counts, client-side
// filters by severity and category, and each open code finding with its fix button when the rule
// left a patch (spec part 2: the fix button appears only if a fix suggestion exists).
import type { SastCategory, SastStats } from "@rampart/contracts/sast";
import { FileCode } from "lucide-react";
import { useState } from "react";
import { FilterButtons } from "../../components/filter-buttons";
import { FindingsList, type FindingsListTexts, type SeverityFilter } from "../../components/findings-list";
import { Page } from "../../components/page";
import { PageHeader } from "../../components/page-header";
import { useCurrentTenant } from "../../session/use-current-tenant";
import { useCreateSastFix } from "./api/create-sast-fix";
import { useSastFindings } from "./api/get-sast-findings";
import { CodeFindingCard } from "./code-finding-card";
import { CATEGORY_FILTERS, CATEGORY_LABELS, type CategoryFilter, filterFindings } from "./sast-filters";

const TEXTS: FindingsListTexts = {
  loading: "Loading findings",
  errorTitle: "Failed to Load Findings",
  errorMessage: "Unable to retrieve code security findings. Please check your connection and try again.",
  emptyIcon: FileCode,
  emptyTitle: "No code findings",
  emptyDescription:
    "Run a scan from the dashboard to check your repositories' source code for injection, unsafe deserialization and other flaws.",
  stats: "Finding statistics",
  list: "Code findings",
  noMatchTitle: "No matching findings",
};

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
      <FindingsList
        loading={tenantLoading || (tenantId !== null && sast.isPending)}
        query={sast}
        texts={TEXTS}
        severity={severity}
        onSeverityChange={setSeverity}
        filters={(data) => (
          <FilterButtons
            label="Category"
            options={CATEGORY_FILTERS}
            value={category}
            onChange={setCategory}
            labels={categoryFilterLabels(data.stats.categories)}
          />
        )}
        shown={shown}
        renderFinding={(finding) => (
          <CodeFindingCard
            key={finding.id}
            finding={finding}
            creatingFix={createFix.isPending && createFix.variables === finding.id}
            onCreateFix={() => createFix.mutate(finding.id)}
          />
        )}
      />
    </Page>
  );
}
