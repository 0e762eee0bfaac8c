// Compliance Overview (/compliance): framework mapping arrives with the compliance API.
import { ClipboardCheck } from "lucide-react";
import { PendingDataPage } from "../../components/pending-data-page";

export function CompliancePage() {
  return (
    <PendingDataPage
      title="Compliance Overview"
      subtitle="How your controls map to SOC 2, ISO/IEC 27001 and NIST SP 800-53"
      icon={ClipboardCheck}
    />
  );
}
