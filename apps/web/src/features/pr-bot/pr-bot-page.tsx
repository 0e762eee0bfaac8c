// PR Bot Activity (/pr-bot): PR suggestions arrive with the fixes API.
import { GitPullRequest } from "lucide-react";
import { PendingDataPage } from "../../components/pending-data-page";

export function PrBotPage() {
  return (
    <PendingDataPage
      title="PR Bot Activity"
      subtitle="Automated fix pull requests and their status"
      icon={GitPullRequest}
    />
  );
}
