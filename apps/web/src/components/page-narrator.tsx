// A page's narrator summary as the server writes it (GET /api/tenants/{tenantId}/narratives/{page}
// with the page's filters): by the language model when one is configured, from templates
// otherwise, with the spec's fixed confidence. The page works without it: while it loads a
// placeholder holds its place, and if it fails the card is left out rather than the page.
import type { PageNarrative } from "@rampart/contracts/narratives";
import { useQuery } from "@tanstack/react-query";
import { apiGet } from "../lib/api";
import { NarratorCard } from "./narrator-card";
import { Skeleton } from "./ui/skeleton";

export type NarratedPage = "runs" | "evidence" | "compliance";

export function pageNarrativeQueryKey(
  tenantId: string,
  page: NarratedPage,
  filters: Record<string, string | number | null>,
) {
  return ["/api/tenants", tenantId, "narratives", page, filters] as const;
}

export function PageNarrator({
  tenantId,
  page,
  filters,
  title,
}: {
  tenantId: string;
  page: NarratedPage;
  filters: Record<string, string | number | null>;
  title: string;
}) {
  const queryKey = pageNarrativeQueryKey(tenantId, page, filters);
  const narrative = useQuery({
    queryKey,
    queryFn: ({ signal }) => apiGet<PageNarrative>(queryKey, { signal }),
  });
  if (narrative.isPending) return <Skeleton className="h-16 w-full" />;
  if (narrative.isError) return null;
  const { summary, confidence, trend, source } = narrative.data;
  return (
    <NarratorCard
      title={title}
      text={summary}
      confidence={confidence}
      trend={trend}
      writtenBy={source === "templates" ? null : source}
    />
  );
}
