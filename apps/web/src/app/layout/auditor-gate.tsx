// An auditor sees only what they may read: with auditor access off, nothing but the organization's
// name; with it on, evidence and compliance reports. Any other page is replaced by a note saying
// so, rather than by the errors its requests would get.
import { ClipboardCheck, ShieldOff, Waypoints } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useLocation } from "wouter";
import { EmptyState } from "../../components/empty-state";
import { Page } from "../../components/page";
import { useCurrentTenant } from "../../session/use-current-tenant";
import { canOpen } from "./nav-items";

export function AuditorGate({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  const { tenant } = useCurrentTenant();
  if (canOpen(location, tenant)) return <>{children}</>;
  if (tenant && !tenant.auditorAccessEnabled) {
    return (
      <Page>
        <EmptyState
          icon={ShieldOff}
          title={tenant.name}
          description="Auditor access to this organization is disabled. An admin of the organization can enable it."
        />
      </Page>
    );
  }
  return (
    <Page>
      <EmptyState
        icon={ClipboardCheck}
        title="Not available to auditors"
        description={
          <span className="flex flex-col items-center gap-2">
            Auditors read evidence and compliance reports.
            <span className="flex gap-4">
              <Link href="/evidence" className="inline-flex items-center gap-1 text-primary hover:underline">
                <Waypoints className="size-4" aria-hidden="true" />
                Evidence Graph
              </Link>
              <Link
                href="/compliance"
                className="inline-flex items-center gap-1 text-primary hover:underline"
              >
                <ClipboardCheck className="size-4" aria-hidden="true" />
                Compliance
              </Link>
            </span>
          </span>
        }
      />
    </Page>
  );
}
