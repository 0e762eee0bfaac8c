// What a tenant's page shows to a user who belongs to no organization (e.g. after deleting their
// only one): the tenant list's own empty state, instead of a skeleton that never resolves.
import { Building } from "lucide-react";
import { EmptyState } from "./empty-state";

export function NoTenantState() {
  return (
    <EmptyState
      icon={Building}
      title="No tenants yet"
      description="Get started by adding your first organization"
    />
  );
}
