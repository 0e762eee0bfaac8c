// Shows the current organization and switches between the tenants the user belongs to. Picking a
// real organization while in demo mode returns to live mode, since that is what the user asked to see.
// The last item adds an organization (onboarding; no code host needed).
import { Check, ChevronsUpDown, Plus } from "lucide-react";
import { useLocation } from "wouter";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../../components/ui/dropdown-menu";
import { useSession } from "../../session/api/get-me";
import { useTenants } from "../../session/api/get-tenants";
import { useCurrentTenant } from "../../session/use-current-tenant";

export function TenantSelector() {
  const { user } = useSession();
  const [, navigate] = useLocation();
  const { tenantId, tenant, mode, setMode, setTenantId, isLoading } = useCurrentTenant();
  const tenants = useTenants({ enabled: user !== null });
  const choices = (tenants.data ?? []).filter((candidate) => !candidate.isDemo);

  const membershipName = user?.memberships.find((membership) => membership.tenantId === tenantId)?.tenantName;
  const currentName = tenant?.name ?? membershipName ?? (isLoading ? "Loading…" : "No organization");

  return (
    <DropdownMenu>
      <DropdownMenuTrigger className="flex w-full items-center gap-3 rounded-md border border-border bg-surface px-3 py-2 text-left hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring">
        <span className="min-w-0 flex-1">
          <span className="block text-xs text-muted-foreground">
            {mode === "demo" ? "Demo organization" : "Organization"}
          </span>
          <span className="block truncate text-sm font-medium">{currentName}</span>
        </span>
        <ChevronsUpDown className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-60">
        <DropdownMenuLabel>Organizations</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {tenants.isPending ? <DropdownMenuItem disabled>Loading…</DropdownMenuItem> : null}
        {tenants.isError ? <DropdownMenuItem disabled>Could not load organizations</DropdownMenuItem> : null}
        {choices.map((choice) => {
          const selected = mode === "live" && choice.id === tenantId;
          return (
            <DropdownMenuItem
              key={choice.id}
              onSelect={() => {
                setTenantId(choice.id);
                if (mode === "demo") setMode("live");
              }}
            >
              <span className="min-w-0 flex-1 truncate">{choice.name}</span>
              {selected ? (
                <>
                  <Check className="text-primary" aria-hidden="true" />
                  <span className="sr-only">(current)</span>
                </>
              ) : null}
            </DropdownMenuItem>
          );
        })}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigate("/onboarding")}>
          <Plus aria-hidden="true" />
          Add Tenant
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
