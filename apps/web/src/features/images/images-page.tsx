// Container Security (/images): tabs Vulnerabilities and SBOM. The SBOM tab lists the bills of
// materials stored with each scan. Container image scanning exists in the engine and CLI, but images
// cannot be sent to the server yet, so the Vulnerabilities tab says so instead of showing rows.
import { Container, FileStack } from "lucide-react";
import { EmptyState } from "../../components/empty-state";
import { ErrorPanel } from "../../components/error-panel";
import { Page } from "../../components/page";
import { PageHeader } from "../../components/page-header";
import { Skeleton } from "../../components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { useCurrentTenant } from "../../session/use-current-tenant";
import { useSboms } from "./api/get-sboms";
import { SbomArtifactCard } from "./sbom-artifact-card";

export const IMAGE_SBOM_COMMAND = "rampart sbom image.tar";

function VulnerabilitiesTab() {
  return (
    <EmptyState
      icon={Container}
      title="No container images scanned yet"
      description={
        <>
          Rampart can read container images (a <code>docker save</code> tarball or an OCI layout) and list
          their packages, but images cannot be sent to the server yet. Until then, create an image's SBOM
          locally with the CLI:
        </>
      }
    >
      <code className="rounded-md border border-border bg-muted px-3 py-1.5 font-mono text-sm">
        {IMAGE_SBOM_COMMAND}
      </code>
    </EmptyState>
  );
}

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
        description="Each scan stores a bill of materials of the scanned commit."
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
          <VulnerabilitiesTab />
        </TabsContent>
        <TabsContent value="sbom">
          <SbomTab />
        </TabsContent>
      </Tabs>
    </Page>
  );
}
