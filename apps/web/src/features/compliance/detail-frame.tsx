// The frame of a compliance detail page (an evidence request, a policy): the way back to its list,
// and what shows while the record loads or when it cannot.
import type { UseQueryResult } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { ErrorPanel } from "../../components/error-panel";
import { Skeleton } from "../../components/ui/skeleton";
import { ApiError } from "../../lib/api";

export function BackLink({ href, label }: { href: string; label: string }) {
  return (
    <Link href={href} className="inline-flex items-center gap-1 text-sm text-primary hover:underline">
      <ArrowLeft className="size-4" aria-hidden="true" />
      {label}
    </Link>
  );
}

/**
 * The page for a pending or failed load (404 says the record is not in this organization), or
 * null once the data is there and the caller renders it.
 */
export function detailLoadState(
  query: Pick<UseQueryResult, "isPending" | "isError" | "error">,
  back: ReactNode,
  noun: { title: string; lower: string },
): ReactNode | null {
  if (query.isPending) {
    return (
      <>
        {back}
        <Skeleton className="h-64" />
      </>
    );
  }
  if (query.isError) {
    return (
      <>
        {back}
        <ErrorPanel
          title={`${noun.title} unavailable`}
          message={
            query.error instanceof ApiError && query.error.status === 404
              ? `This ${noun.lower} does not exist in this organization.`
              : `Failed to load the ${noun.lower}. Please try refreshing the page.`
          }
        />
      </>
    );
  }
  return null;
}
