// The live PR status: the tenant's open fix pull requests, polled every 10 s. A failed poll shows
// the failure rather than the last count, which may no longer be true.
import { pluralForm } from "@rampart/contracts/words";
import { Activity } from "lucide-react";
import { Card, CardContent } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { useActivePrCount } from "./api/get-active-pr-count";

export function LiveStatusCard({ tenantId }: { tenantId: string | null }) {
  const active = useActivePrCount(tenantId);
  return (
    <Card>
      <CardContent className="flex items-center gap-4 pt-5">
        <Activity className="size-8 text-primary" aria-hidden="true" />
        <section aria-label="Live PR status" className="min-w-0">
          <p className="text-xs text-muted-foreground">Live PR status · refreshes every 10 s</p>
          {active.isError ? (
            <p className="text-sm text-danger">Failed to load live status</p>
          ) : active.data === undefined ? (
            <Skeleton className="mt-1 h-7 w-24" aria-label="Loading live status" />
          ) : (
            <p className="text-2xl font-semibold">
              <span className="tabular-nums" data-testid="active-pr-count">
                {active.data.count}
              </span>{" "}
              <span className="text-sm font-normal text-muted-foreground">
                {pluralForm(active.data.count, "active PR")}
              </span>
            </p>
          )}
        </section>
      </CardContent>
    </Card>
  );
}
