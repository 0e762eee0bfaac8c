// Tenant Management (/tenants): the organizations the user can see, their GitHub connection and
// auditor access, with actions to toggle auditor access or delete a tenant (after a confirmation).
import type { Tenant } from "@rampart/contracts/tenants";
import { Building, Ellipsis, Plus, ShieldCheck, ShieldOff, Trash2 } from "lucide-react";
import { useState } from "react";
import { useLocation } from "wouter";
import { EmptyState } from "../../components/empty-state";
import { ErrorPanel } from "../../components/error-panel";
import { Page } from "../../components/page";
import { PageHeader } from "../../components/page-header";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../../components/ui/dropdown-menu";
import { Skeleton } from "../../components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table";
import { formatDate } from "../../lib/format-date";
import { useTenants } from "../../session/api/get-tenants";
import { useUpdateAuditorAccess } from "./api/update-auditor-access";
import { DeleteTenantDialog } from "./delete-tenant-dialog";

/** The spec's 'Enable/Disable Auditor Access' item reads after the tenant's current state. */
function TenantActions({ tenant, onDelete }: { tenant: Tenant; onDelete: (tenant: Tenant) => void }) {
  const updateAccess = useUpdateAuditorAccess();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Actions for ${tenant.name}`}
          disabled={updateAccess.isPending}
        >
          <Ellipsis aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem
          onSelect={() => updateAccess.mutate({ tenantId: tenant.id, enabled: !tenant.auditorAccessEnabled })}
        >
          {tenant.auditorAccessEnabled ? (
            <ShieldOff aria-hidden="true" />
          ) : (
            <ShieldCheck aria-hidden="true" />
          )}
          {tenant.auditorAccessEnabled ? "Disable Auditor Access" : "Enable Auditor Access"}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" onSelect={() => onDelete(tenant)}>
          <Trash2 aria-hidden="true" />
          Delete Tenant
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function TenantsTable({ tenants }: { tenants: Tenant[] }) {
  const [deleting, setDeleting] = useState<Tenant | null>(null);
  return (
    <>
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead scope="col">Organization</TableHead>
            <TableHead scope="col">GitHub Connection</TableHead>
            <TableHead scope="col">Auditor Access</TableHead>
            <TableHead scope="col">Created</TableHead>
            <TableHead scope="col" className="text-right">
              Actions
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {tenants.map((tenant) => (
            <TableRow key={tenant.id}>
              <TableCell>
                <div className="flex items-center gap-3">
                  <Building className="size-4 text-muted-foreground" aria-hidden="true" />
                  <span className="font-medium">{tenant.name}</span>
                  {tenant.isDemo ? <Badge variant="muted">Demo</Badge> : null}
                </div>
              </TableCell>
              <TableCell>
                {tenant.githubInstallationId ? (
                  <Badge variant="success">Installation {tenant.githubInstallationId}</Badge>
                ) : (
                  <Badge variant="muted">Not connected</Badge>
                )}
              </TableCell>
              <TableCell>
                {tenant.auditorAccessEnabled ? (
                  <Badge variant="success">Enabled</Badge>
                ) : (
                  <Badge variant="muted">Disabled</Badge>
                )}
              </TableCell>
              <TableCell className="text-muted-foreground">{formatDate(tenant.createdAt)}</TableCell>
              <TableCell className="text-right">
                {/* Only an admin may change a tenant: others see no actions rather than errors. */}
                {tenant.role === "admin" ? <TenantActions tenant={tenant} onDelete={setDeleting} /> : null}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <DeleteTenantDialog tenant={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

function TableSkeleton() {
  return (
    <div className="flex flex-col gap-3" role="status" aria-label="Loading organizations">
      {[0, 1, 2].map((row) => (
        <Skeleton key={row} className="h-10 w-full" />
      ))}
    </div>
  );
}

export function TenantsPage() {
  const [, navigate] = useLocation();
  const tenants = useTenants();
  const count = tenants.data?.length ?? 0;

  return (
    <Page>
      <PageHeader title="Tenant Management" subtitle="Manage organizations and access control" />
      <Card>
        <CardHeader className="flex-row items-center justify-between gap-4">
          <CardTitle className="flex items-center gap-2">
            Organizations
            {tenants.isSuccess ? <Badge variant="muted">{count}</Badge> : null}
          </CardTitle>
          <Button onClick={() => navigate("/onboarding")}>
            <Plus aria-hidden="true" />
            Add Tenant
          </Button>
        </CardHeader>
        <CardContent>
          {tenants.isPending ? <TableSkeleton /> : null}
          {tenants.isError ? (
            <ErrorPanel
              title="Failed to Load Tenants"
              message={tenants.error.message}
              onRetry={() => void tenants.refetch()}
            />
          ) : null}
          {tenants.isSuccess && count === 0 ? (
            <EmptyState
              icon={Building}
              title="No tenants yet"
              description="Get started by adding your first organization"
            />
          ) : null}
          {tenants.isSuccess && count > 0 ? <TenantsTable tenants={tenants.data} /> : null}
        </CardContent>
      </Card>
    </Page>
  );
}
