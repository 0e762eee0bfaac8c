// Code Security Findings (SAST) (/code-findings): SAST findings arrive with the code scanner.
import { FileCode } from "lucide-react";
import { PendingDataPage } from "../../components/pending-data-page";

export function CodeFindingsPage() {
  return (
    <PendingDataPage
      title="Code Security Findings (SAST)"
      subtitle="Static analysis findings in your source code"
      icon={FileCode}
    />
  );
}
