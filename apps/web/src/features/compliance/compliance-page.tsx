// Compliance (/compliance and its tabs): the Overview of the spec, evidence requests
// (/compliance/evidence[/:requestId]), policies (/compliance/policies[/:policyId]) and the audit
// workspace (/compliance/audit). The sidebar keeps its one Compliance entry; the tabs live here.
import { SearchX } from "lucide-react";
import { useRoute } from "wouter";
import { EmptyState } from "../../components/empty-state";
import { NoTenantState } from "../../components/no-tenant-state";
import { Page } from "../../components/page";
import { PageHeader } from "../../components/page-header";
import { useCurrentTenant } from "../../session/use-current-tenant";
import { AuditTab } from "./audit-tab";
import { type ComplianceAbilities, complianceAbilities } from "./compliance-role";
import { type ComplianceSection, ComplianceTabs, SECTIONS } from "./compliance-tabs";
import { EvidenceTab } from "./evidence-tab";
import { OverviewTab } from "./overview-tab";
import { PoliciesTab } from "./policies-tab";

interface TabProps {
  tenantId: string;
  abilities: ComplianceAbilities;
  itemId: string | null;
}

const TENANT_TABS: Record<Exclude<ComplianceSection, "overview">, (props: TabProps) => React.ReactNode> = {
  evidence: ({ tenantId, abilities, itemId }) => (
    <EvidenceTab tenantId={tenantId} abilities={abilities} requestId={itemId} />
  ),
  policies: ({ tenantId, abilities, itemId }) => (
    <PoliciesTab tenantId={tenantId} abilities={abilities} policyId={itemId} />
  ),
  audit: ({ tenantId, abilities }) => <AuditTab tenantId={tenantId} abilities={abilities} />,
};

function useSection(): { section: ComplianceSection | null; itemId: string | null } {
  const [, params] = useRoute<{ section?: string; itemId?: string }>("/compliance/:section?/:itemId?");
  const name = params?.section;
  if (name === undefined) return { section: "overview", itemId: null };
  const known = SECTIONS.find((entry) => entry.section === name && name !== "overview");
  return { section: known?.section ?? null, itemId: params?.itemId ?? null };
}

export function CompliancePage() {
  const { tenantId, tenant, isLoading } = useCurrentTenant();
  const { section, itemId } = useSection();
  const abilities = complianceAbilities(tenant?.role);
  return (
    <Page>
      <PageHeader title="Compliance Overview" subtitle="How your controls cover SOC 2, ISO 27001 and NIST" />
      <ComplianceTabs current={section ?? "overview"} tenantId={tenantId} />
      {section === null ? (
        <EmptyState icon={SearchX} title="No such compliance section" />
      ) : section === "overview" ? (
        <OverviewTab tenantId={tenantId} tenantLoading={isLoading} />
      ) : isLoading ? null : tenantId === null ? (
        <NoTenantState />
      ) : (
        TENANT_TABS[section]({ tenantId, abilities, itemId })
      )}
    </Page>
  );
}
