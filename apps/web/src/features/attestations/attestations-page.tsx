// Attestations & Provenance (/attestations): attestations arrive with the attestation API; not in the sidebar but routed.
import { BadgeCheck } from "lucide-react";
import { PendingDataPage } from "../../components/pending-data-page";

export function AttestationsPage() {
  return (
    <PendingDataPage
      title="Attestations & Provenance"
      subtitle="Compliance bundles and supply chain provenance"
      icon={BadgeCheck}
    />
  );
}
