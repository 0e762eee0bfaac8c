// The left sidebar of every signed-in page: brand, tenant selector, navigation and account footer.
import { GitBranch, LogOut, Users } from "lucide-react";
import { Link, useLocation } from "wouter";
import { BrandLogo } from "../../components/brand-logo";
import { Button } from "../../components/ui/button";
import { useLogout } from "../../features/auth/api/logout";
import { SystemSettingsDrawer } from "../../features/system/system-settings-drawer";
import { cn } from "../../lib/cn";
import { useSession } from "../../session/api/get-me";
import { useCurrentTenant } from "../../session/use-current-tenant";
import { canOpen, isNavItemActive, visibleNavItems } from "./nav-items";
import { SidebarEnvironments } from "./sidebar-environments";
import { TenantSelector } from "./tenant-selector";

export function Sidebar() {
  const [location] = useLocation();
  const { user } = useSession();
  const { tenant } = useCurrentTenant();
  const logout = useLogout();
  const githubConnected = Boolean(tenant?.githubInstallationId);

  return (
    <aside className="flex w-full flex-col border-b border-border bg-surface md:sticky md:top-0 md:h-screen md:w-64 md:shrink-0 md:border-r md:border-b-0">
      <div className="flex flex-col gap-4 p-4">
        <Link href="/dashboard" className="rounded-md focus-visible:outline-2 focus-visible:outline-ring">
          <BrandLogo />
        </Link>
        <TenantSelector />
      </div>

      <nav aria-label="Main" className="overflow-x-auto px-3 pb-3 md:flex-1 md:overflow-y-auto md:pb-4">
        <ul className="flex gap-0.5 md:flex-col">
          {[
            ...visibleNavItems(tenant),
            // Members of the current organization; the demo organization has none.
            ...(tenant && tenant.role !== null
              ? [{ label: "Members", path: "/members", icon: Users, live: false }]
              : []),
          ].map(({ label, path, icon: Icon, live }) => {
            const active = isNavItemActive(location, path);
            return (
              <li key={path}>
                <Link
                  href={path}
                  aria-current={active ? "page" : undefined}
                  className={cn(
                    "flex items-center gap-3 whitespace-nowrap rounded-md px-3 py-2 text-sm transition-colors",
                    active
                      ? "bg-accent font-medium text-foreground"
                      : "text-muted-foreground hover:bg-accent/60 hover:text-foreground",
                  )}
                >
                  <Icon className={cn("size-4 shrink-0", active && "text-primary")} aria-hidden="true" />
                  <span className="flex-1">{label}</span>
                  {live ? (
                    <span className="relative flex size-2" aria-hidden="true">
                      <span className="absolute inline-flex size-full animate-pulse-dot rounded-full bg-success" />
                      <span className="relative inline-flex size-2 rounded-full bg-success" />
                    </span>
                  ) : null}
                </Link>
              </li>
            );
          })}
        </ul>
        {tenant && canOpen("/environments", tenant) ? <SidebarEnvironments tenantId={tenant.id} /> : null}
      </nav>

      <div className="flex flex-col gap-3 border-t border-border p-4">
        <div className="flex items-center gap-2 text-xs">
          <GitBranch
            className={cn("size-4", githubConnected ? "text-success" : "text-subtle-foreground")}
            aria-hidden="true"
          />
          <span className={githubConnected ? "text-success" : "text-muted-foreground"}>
            {githubConnected ? "GitHub Connected" : "GitHub not connected"}
          </span>
        </div>
        <div className="flex items-center gap-1">
          <span className="min-w-0 flex-1 truncate text-sm text-muted-foreground" title={user?.email}>
            {user?.email}
          </span>
          <SystemSettingsDrawer />
          <Button
            variant="ghost"
            size="icon"
            aria-label="Log out"
            disabled={logout.isPending}
            onClick={() => logout.mutate()}
          >
            <LogOut aria-hidden="true" />
          </Button>
        </div>
      </div>
    </aside>
  );
}
