// The row of severity counts (total, critical, high, medium, low) that the findings pages open
// with, and its loading skeleton: one layout for dependency and code findings.
import { cn } from "../lib/cn";
import { Card, CardContent } from "./ui/card";
import { Skeleton } from "./ui/skeleton";

const STAT_CARDS = [
  ["total", "Total", "text-foreground"],
  ["critical", "Critical", "text-danger"],
  ["high", "High", "text-warning"],
  ["med", "Medium", "text-primary"],
  ["low", "Low", "text-muted-foreground"],
] as const;

export interface SeverityCounts {
  total: number;
  critical: number;
  high: number;
  med: number;
  low: number;
}

export function SeverityStats({ label, stats }: { label: string; stats: SeverityCounts }) {
  return (
    <section aria-label={label} className="grid grid-cols-2 gap-3 md:grid-cols-5">
      {STAT_CARDS.map(([key, name, colour]) => (
        <Card key={key}>
          <CardContent className="pt-4">
            <p className="text-xs text-muted-foreground">{name}</p>
            <p className={cn("text-2xl font-semibold tabular-nums", colour)} data-testid={`stat-${key}`}>
              {stats[key]}
            </p>
          </CardContent>
        </Card>
      ))}
    </section>
  );
}

/** The page's loading state: the stat row and two finding cards. */
export function SeverityStatsSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="flex flex-col gap-3">
      <div className="grid grid-cols-2 gap-3 md:grid-cols-5">
        {STAT_CARDS.map(([key]) => (
          <Skeleton key={key} className="h-20" />
        ))}
      </div>
      <Skeleton className="h-32" />
      <Skeleton className="h-32" />
    </div>
  );
}
