// Evidence Graph (/evidence): the ledger arrives with the evidence API.
import { Waypoints } from "lucide-react";
import { PendingDataPage } from "../../components/pending-data-page";

export function EvidencePage() {
  return (
    <PendingDataPage
      title="Evidence Graph"
      subtitle="The hash-linked evidence ledger and its export"
      icon={Waypoints}
    />
  );
}
