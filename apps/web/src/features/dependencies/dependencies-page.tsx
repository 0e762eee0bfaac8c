// Dependency Vulnerabilities (SCA) (/dependencies): severity counts, client-side filters by
// severity and ecosystem, and each vulnerable dependency with its Triage (VEX) and Create Fix PR
// buttons; the tenant's VEX decisions download as OpenVEX or CycloneDX.
import type { ScaEcosystem, ScaFinding } from "@rampart/contracts/sca";
import { Download, Package } from "lucide-react";
import { useState } from "react";
import { EmptyState } from "../../components/empty-state";
import { ErrorPanel } from "../../components/error-panel";
import { FilterButtons } from "../../components/filter-buttons";
import { Page } from "../../components/page";
import { PageHeader } from "../../components/page-header";
import { SEVERITY_LABELS } from "../../components/severity-badge";
import { SeverityStats, SeverityStatsSkeleton } from "../../components/severity-stats";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { useCurrentTenant } from "../../session/use-current-tenant";
import { useCreateDependencyFix } from "./api/create-dependency-fix";
import { useScaFindings } from "./api/get-sca-findings";
import { downloadVex } from "./api/triage-vex";
import { DependencyFindingCard } from "./dependency-finding-card";
import { ecosystemFilters, filterFindings, SEVERITY_FILTERS, type SeverityFilter } from "./sca-rules";
import { TriageDialog } from "./triage-dialog";

const SEVERITY_FILTER_LABELS: Record<SeverityFilter, string> = { all: "All severities", ...SEVERITY_LABELS };

export function DependenciesPage() {
  const { tenantId, isLoading: tenantLoading } = useCurrentTenant();
  const sca = useScaFindings(tenantLoading ? null : tenantId);
  const createFix = useCreateDependencyFix();
  const [severity, setSeverity] = useState<SeverityFilter>("all");
  const [ecosystem, setEcosystem] = useState<"all" | ScaEcosystem>("all");
  const [triaging, setTriaging] = useState<ScaFinding | null>(null);
  const findings = sca.data?.findings ?? [];
  const shown = filterFindings(findings, severity, ecosystem);

  return (
    <Page>
      <PageHeader
        title="Dependency Vulnerabilities (SCA)"
        subtitle="Known vulnerabilities in your open-source dependencies"
      />
      {tenantId ? (
        <div className="flex flex-wrap justify-end gap-2">
          <Button size="sm" variant="outline" onClick={() => void downloadVex(tenantId, "openvex")}>
            <Download aria-hidden="true" />
            Export VEX
          </Button>
          <Button size="sm" variant="outline" onClick={() => void downloadVex(tenantId, "cyclonedx")}>
            <Download aria-hidden="true" />
            Export CycloneDX VEX
          </Button>
        </div>
      ) : null}
      {tenantLoading || (tenantId !== null && sca.isPending) ? (
        <SeverityStatsSkeleton label="Loading vulnerabilities" />
      ) : sca.isError ? (
        <ErrorPanel
          title="Failed to Load Vulnerabilities"
          message="Unable to retrieve dependency vulnerabilities. Please check your connection and try again."
          onRetry={() => void sca.refetch()}
        />
      ) : !sca.data || findings.length === 0 ? (
        <EmptyState
          icon={Package}
          title="No vulnerable dependencies found"
          description="Run a scan from the dashboard to check your repositories' dependencies against known advisories."
        />
      ) : (
        <>
          <SeverityStats label="Vulnerability statistics" stats={sca.data.stats} />
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
                label="Ecosystem"
                options={ecosystemFilters(findings)}
                value={ecosystem}
                onChange={setEcosystem}
                labels={{ all: "All ecosystems" }}
              />
            </CardContent>
          </Card>
          {shown.length === 0 ? (
            <EmptyState title="No matching vulnerabilities" description="No findings match these filters." />
          ) : (
            <ul aria-label="Vulnerable dependencies" className="flex flex-col gap-3">
              {shown.map((finding) => (
                <DependencyFindingCard
                  key={finding.id}
                  finding={finding}
                  creatingFix={createFix.isPending && createFix.variables === finding.id}
                  onCreateFix={() => createFix.mutate(finding.id)}
                  onTriage={() => setTriaging(finding)}
                />
              ))}
            </ul>
          )}
        </>
      )}
      {tenantId ? (
        <TriageDialog finding={triaging} tenantId={tenantId} onClose={() => setTriaging(null)} />
      ) : null}
    </Page>
  );
}
