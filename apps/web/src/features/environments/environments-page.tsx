// Environment Security (/environments): environments arrive with the environments API.
import { Server } from "lucide-react";
import { PendingDataPage } from "../../components/pending-data-page";

export function EnvironmentsPage() {
  return (
    <PendingDataPage
      title="Environment Security"
      subtitle="Configuration drift between your environments"
      icon={Server}
      emptyTitle="No environments yet"
      emptyDescription="Environments you add will appear here with their drift status"
    />
  );
}
