// AI Security Advisor (/ai-advisor): the chat arrives with the advisor API.
import { Bot } from "lucide-react";
import { PendingDataPage } from "../../components/pending-data-page";

export function AiAdvisorPage() {
  return (
    <PendingDataPage
      title="AI Security Advisor"
      subtitle="Ask questions about your security posture"
      icon={Bot}
      emptyTitle="Not available yet"
      emptyDescription="The advisor will answer questions about this tenant once it is connected"
    />
  );
}
