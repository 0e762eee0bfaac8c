// The live PR status, polled every 10 s: the open pull requests on the connected code host, or,
// with none connected, says so and counts Rampart's own open fix pull requests instead. A failed
// poll shows the failure rather than the last count, which may no longer be true.
import type { ActivePrCount } from "@rampart/contracts/pr-bot";
import { plural, pluralForm } from "@rampart/contracts/words";
import { Activity } from "lucide-react";
import { Card, CardContent } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { useActivePrCount } from "./api/get-active-pr-count";

const timeOfDay = new Intl.DateTimeFormat(undefined, {
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** What was counted, in words: where the pull requests are and when the host was asked. */
function countedWhere(active: ActivePrCount): string {
  if (active.source === "local")
    return "Code host not connected: counting Rampart's open fix pull requests on its local fix remote";
  const counted = plural(active.repositories, "repository", "repositories");
  const repositories = active.partial ? `the first ${counted}` : counted;
  return `Open on ${active.host} in ${repositories} · checked ${timeOfDay.format(new Date(active.checkedAt))}`;
}

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
            <>
              <p className="text-2xl font-semibold">
                <span className="tabular-nums" data-testid="active-pr-count">
                  {active.data.count}
                </span>{" "}
                <span className="text-sm font-normal text-muted-foreground">
                  {pluralForm(active.data.count, active.data.source === "host" ? "active PR" : "open fix PR")}
                </span>
              </p>
              <p className="text-xs text-muted-foreground" data-testid="active-pr-source">
                {countedWhere(active.data)}
              </p>
            </>
          )}
        </section>
      </CardContent>
    </Card>
  );
}
