// Shown when the dashboard data cannot be loaded (spec part 1, Security Dashboard states).
import { ErrorPanel } from "../../components/error-panel";

export const DASHBOARD_ERROR_FALLBACK = "An unexpected error occurred while loading the dashboard data.";

export function DashboardErrorPanel({ error, onRetry }: { error?: Error | null; onRetry?: () => void }) {
  return (
    <ErrorPanel
      title="Failed to Load Dashboard"
      message={error?.message || DASHBOARD_ERROR_FALLBACK}
      {...(onRetry ? { onRetry } : {})}
    />
  );
}
