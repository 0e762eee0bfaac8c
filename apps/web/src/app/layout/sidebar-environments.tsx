// The sidebar's Environment section: each environment of the current tenant with its drift state,
// linking to its tab on /environments. Nothing is shown until there are environments, and a
// failed read leaves the section out rather than take the sidebar down.
import { Link } from "wouter";
import { DriftStateIcon } from "../../components/drift-state-badge";
import { useEnvironments } from "../../features/environments/api/get-environments";

export function SidebarEnvironments({ tenantId }: { tenantId: string | null }) {
  const environments = useEnvironments(tenantId);
  if (!environments.data || environments.data.length === 0) return null;
  return (
    <section aria-labelledby="sidebar-environments" className="mt-4 hidden md:block">
      <h2
        id="sidebar-environments"
        className="px-3 pb-1 text-xs font-medium tracking-wide text-subtle-foreground uppercase"
      >
        Environment
      </h2>
      <ul className="flex flex-col gap-0.5">
        {environments.data.map((environment) => (
          <li key={environment.id}>
            <Link
              href={`/environments?env=${encodeURIComponent(environment.id)}`}
              className="flex items-center gap-3 rounded-md px-3 py-1.5 text-sm text-muted-foreground hover:bg-accent/60 hover:text-foreground"
            >
              <span className="min-w-0 flex-1 truncate">{environment.name}</span>
              <DriftStateIcon state={environment.driftState} />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
