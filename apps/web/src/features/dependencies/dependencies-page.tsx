// Dependency Vulnerabilities (SCA) (/dependencies): SCA findings arrive with the dependency scanner.
import { Package } from "lucide-react";
import { PendingDataPage } from "../../components/pending-data-page";

export function DependenciesPage() {
  return (
    <PendingDataPage
      title="Dependency Vulnerabilities (SCA)"
      subtitle="Known vulnerabilities in your open-source dependencies"
      icon={Package}
    />
  );
}
