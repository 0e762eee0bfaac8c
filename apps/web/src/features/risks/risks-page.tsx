// Risk Intelligence (/risks): risk scores arrive with the risk API.
import { TrendingUp } from "lucide-react";
import { PendingDataPage } from "../../components/pending-data-page";

export function RisksPage() {
  return (
    <PendingDataPage
      title="Risk Intelligence"
      subtitle="Risk scores across dependencies, code and containers"
      icon={TrendingUp}
    />
  );
}
