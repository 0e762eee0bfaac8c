// Policy Runs (/runs): the list of runs arrives with the runs API.
import { PlayCircle } from "lucide-react";
import { PendingDataPage } from "../../components/pending-data-page";

export function RunsPage() {
  return (
    <PendingDataPage
      title="Policy Runs"
      subtitle="Policy evaluations of your repositories and pull requests"
      icon={PlayCircle}
    />
  );
}
