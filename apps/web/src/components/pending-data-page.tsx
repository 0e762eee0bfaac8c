// A signed-in page whose data source is not built yet: its header and an honest empty state,
// never invented numbers.
import type { LucideIcon } from "lucide-react";
import { EmptyState, NO_DATA_YET } from "./empty-state";
import { Page } from "./page";
import { PageHeader } from "./page-header";

export function PendingDataPage({
  title,
  subtitle,
  icon,
  emptyTitle = "No data yet",
  emptyDescription = NO_DATA_YET,
}: {
  title: string;
  subtitle?: string;
  icon?: LucideIcon;
  emptyTitle?: string;
  emptyDescription?: string;
}) {
  return (
    <Page>
      <PageHeader title={title} {...(subtitle ? { subtitle } : {})} />
      <EmptyState title={emptyTitle} description={emptyDescription} {...(icon ? { icon } : {})} />
    </Page>
  );
}
