// Container Security (/images): tabs Vulnerabilities and SBOM. Vulnerabilities lists the findings
// of the tenant's uploaded container images (and takes uploads); the SBOM tab lists the bills of
// materials stored with each scan and each image.
import { FileStack } from "lucide-react";
import { EmptyState } from "../../components/empty-state";
import { ErrorPanel } from "../../components/error-panel";
import { Page } from "../../components/page";
import { PageHeader } from "../../components/page-header";
import { Skeleton } from "../../components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { useCurrentTenant } from "../../session/use-current-tenant";
import { useSboms } from "./api/get-sboms";
import { ContainerVulnerabilities } from "./container-vulnerabilities";
import { SbomArtifactCard } from "./sbom-artifact-card";

function SbomTab() {
  const { tenantId, isLoading: tenantLoading } = useCurrentTenant();
  const sboms = useSboms(tenantLoading ? null : tenantId);

  if (tenantLoading || (tenantId !== null && sboms.isPending)) {
    return (
      <div role="status" aria-label="Loading SBOMs" className="flex flex-col gap-3">
        <Skeleton className="h-32" />
        <Skeleton className="h-32" />
        <Skeleton className="h-32" />
      </div>
    );
  }
  if (sboms.isError) {
    return (
      <ErrorPanel
        title="Failed to Load SBOMs"
        message="Unable to retrieve SBOM artifacts. Please check your connection and try again."
        onRetry={() => void sboms.refetch()}
      />
    );
  }
  const artifacts = sboms.data ?? [];
  if (artifacts.length === 0) {
    return (
      <EmptyState
        icon={FileStack}
        title="No SBOMs yet"
        description="Each scan stores a bill of materials of the scanned commit, and each uploaded image one of its packages."
      />
    );
  }
  return (
    <ul aria-label="SBOM artifacts" className="flex flex-col gap-3">
      {artifacts.map((artifact) => (
        <SbomArtifactCard key={artifact.id} artifact={artifact} />
      ))}
    </ul>
  );
}

export function ContainerImagesPage() {
  return (
    <Page>
      <PageHeader
        title="Container Security"
        subtitle="Container image vulnerabilities and software bills of materials"
      />
      <Tabs defaultValue="vulnerabilities">
        <TabsList>
          <TabsTrigger value="vulnerabilities">Vulnerabilities</TabsTrigger>
          <TabsTrigger value="sbom">SBOM</TabsTrigger>
        </TabsList>
        <TabsContent value="vulnerabilities">
          <ContainerVulnerabilities />
        </TabsContent>
        <TabsContent value="sbom">
          <SbomTab />
        </TabsContent>
      </Tabs>
    </Page>
  );
}
