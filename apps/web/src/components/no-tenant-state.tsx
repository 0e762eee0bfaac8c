// What a tenant's page shows to a user who belongs to no organization (e.g. after deleting their
// only one): the tenant list's own empty state, instead of a skeleton that never resolves, and the
// way to add one (no code host needed).
import { Building, Plus } from "lucide-react";
import { Link } from "wouter";
import { EmptyState } from "./empty-state";
import { Button } from "./ui/button";

export function NoTenantState() {
  return (
    <EmptyState
      icon={Building}
      title="No tenants yet"
      description="Get started by adding your first organization"
    >
      <Button asChild>
        <Link href="/onboarding">
          <Plus aria-hidden="true" />
          Add Tenant
        </Link>
      </Button>
    </EmptyState>
  );
}
