// Security Controls (/controls): control results arrive with the controls API.
import { ShieldCheck } from "lucide-react";
import { PendingDataPage } from "../../components/pending-data-page";

export function ControlsPage() {
  return (
    <PendingDataPage
      title="Security Controls"
      subtitle="Controls and how often each passes or fails"
      icon={ShieldCheck}
    />
  );
}
