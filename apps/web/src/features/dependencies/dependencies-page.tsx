// Dependency Vulnerabilities (SCA) (/dependencies): severity counts, client-side filters by
// severity and ecosystem, and each vulnerable dependency with its Triage (VEX) and Create Fix PR
// buttons; the tenant's VEX decisions download as OpenVEX or CycloneDX.
import type { ScaEcosystem, ScaFinding } from "@rampart/contracts/sca";
import { Download, Package } from "lucide-react";
import { useState } from "react";
import { FilterButtons } from "../../components/filter-buttons";
import { FindingsList, type FindingsListTexts, type SeverityFilter } from "../../components/findings-list";
import { Page } from "../../components/page";
import { PageHeader } from "../../components/page-header";
import { Button } from "../../components/ui/button";
import { useCurrentTenant } from "../../session/use-current-tenant";
import { useCreateDependencyFix } from "./api/create-dependency-fix";
import { useScaFindings } from "./api/get-sca-findings";
import { downloadVex } from "./api/triage-vex";
import { DependencyFindingCard } from "./dependency-finding-card";
import { ecosystemFilters, filterFindings } from "./sca-rules";
import { TriageDialog } from "./triage-dialog";

const TEXTS: FindingsListTexts = {
  loading: "Loading vulnerabilities",
  errorTitle: "Failed to Load Vulnerabilities",
  errorMessage: "Unable to retrieve dependency vulnerabilities. Please check your connection and try again.",
  emptyIcon: Package,
  emptyTitle: "No vulnerable dependencies found",
  emptyDescription:
    "Run a scan from the dashboard to check your repositories' dependencies against known advisories.",
  stats: "Vulnerability statistics",
  list: "Vulnerable dependencies",
  noMatchTitle: "No matching vulnerabilities",
};

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
      <FindingsList
        loading={tenantLoading || (tenantId !== null && sca.isPending)}
        query={sca}
        texts={TEXTS}
        severity={severity}
        onSeverityChange={setSeverity}
        filters={(data) => (
          <FilterButtons
            label="Ecosystem"
            options={ecosystemFilters(data.findings)}
            value={ecosystem}
            onChange={setEcosystem}
            labels={{ all: "All ecosystems" }}
          />
        )}
        shown={shown}
        renderFinding={(finding) => (
          <DependencyFindingCard
            key={finding.id}
            finding={finding}
            creatingFix={createFix.isPending && createFix.variables === finding.id}
            onCreateFix={() => createFix.mutate(finding.id)}
            onTriage={() => setTriaging(finding)}
          />
        )}
      />
      {tenantId ? (
        <TriageDialog finding={triaging} tenantId={tenantId} onClose={() => setTriaging(null)} />
      ) : null}
    </Page>
  );
}
