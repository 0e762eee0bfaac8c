// Container Security (/images): container findings and SBOMs arrive with the container scanner.
import { Container } from "lucide-react";
import { PendingDataPage } from "../../components/pending-data-page";

export function ContainerImagesPage() {
  return (
    <PendingDataPage
      title="Container Security"
      subtitle="Container image vulnerabilities and software bills of materials"
      icon={Container}
    />
  );
}
