// Environment Security (/environments): a tab per environment (the one in ?env=, else the first),
// each with its drift state, drift, comparison and share config; adding and deleting environments;
// and the Data Sources that set where states are read from.
import type { Environment } from "@rampart/contracts/environments";
import { Server } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useLocation, useSearch } from "wouter";
import { DriftStateIcon } from "../../components/drift-state-badge";
import { EmptyState } from "../../components/empty-state";
import { ErrorPanel } from "../../components/error-panel";
import { NoTenantState } from "../../components/no-tenant-state";
import { Page } from "../../components/page";
import { PageHeader } from "../../components/page-header";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { useCurrentTenant } from "../../session/use-current-tenant";
import { AddEnvironmentForm } from "./add-environment-form";
import { useDeleteEnvironment } from "./api/delete-environment";
import { useRepositories } from "./api/get-repositories";
import { useSyncEnvironment } from "./api/sync-environment";
import { DataSources } from "./data-sources";
import { EnvironmentPanel } from "./environment-panel";
import { SourcesDialog, type SourcesPreset } from "./sources-dialog";
import { useSyncTracking } from "./use-sync-tracking";

/** Spec: the first environment is selected automatically; ?env= (the sidebar's links) picks another. */
export function selectedEnvironment(environments: readonly Environment[], wanted: string | null) {
  return environments.find((environment) => environment.id === wanted) ?? environments[0] ?? null;
}

export function EnvironmentsPage() {
  const { tenantId, tenant, isLoading: tenantLoading } = useCurrentTenant();
  // A user's demo organization is their own, so only an auditor's view is read-only.
  const readOnly = tenant?.role === "auditor";
  const activeTenantId = tenantLoading ? null : tenantId;
  const { environments, isSyncing, watch } = useSyncTracking(activeTenantId);
  const repositories = useRepositories(activeTenantId);
  const search = useSearch();
  const [, navigate] = useLocation();
  const list = environments.data ?? [];
  const selected = selectedEnvironment(list, new URLSearchParams(search).get("env"));
  const select = (id: string) => navigate(`/environments?env=${encodeURIComponent(id)}`, { replace: true });
  const [sourcesPreset, setSourcesPreset] = useState<SourcesPreset | null>(null);
  const sync = useSyncEnvironment({ onQueued: watch });
  const remove = useDeleteEnvironment(tenantId ?? "");
  const repositoryList = repositories.data ?? [];
  const repositoryName = (id: string | undefined) =>
    repositoryList.find((repository) => repository.id === id)?.name ?? null;

  let body: ReactNode;
  if (!tenantLoading && tenantId === null) {
    body = <NoTenantState />;
  } else if (tenantLoading || environments.isPending) {
    body = (
      <div role="status" aria-label="Loading environments" className="flex flex-col gap-3">
        <Skeleton className="h-10" />
        <Skeleton className="h-40" />
      </div>
    );
  } else if (environments.isError) {
    body = (
      <ErrorPanel
        title="Failed to Load Environments"
        message="Unable to retrieve environments. Please check your connection and try again."
        onRetry={() => void environments.refetch()}
      />
    );
  } else if (selected === null) {
    body = (
      <EmptyState
        icon={Server}
        title="No environments yet"
        description="Add dev, test, staging or prod to see what runs drift from what the code declares."
      />
    );
  } else {
    body = (
      <Tabs value={selected.id} onValueChange={select}>
        <TabsList aria-label="Environments" className="h-auto flex-wrap">
          {list.map((environment) => (
            <TabsTrigger key={environment.id} value={environment.id} className="gap-2">
              <DriftStateIcon state={environment.driftState} />
              {environment.name}
            </TabsTrigger>
          ))}
        </TabsList>
        {list.map((environment) => (
          <TabsContent key={environment.id} value={environment.id}>
            <EnvironmentPanel
              tenantId={tenantId!}
              environment={environment}
              environments={list}
              repositoryName={repositoryName(environment.declared?.repositoryId)}
              readOnly={readOnly}
              syncing={isSyncing(environment.id) || (sync.isPending && sync.variables?.id === environment.id)}
              onSync={() => sync.mutate(environment)}
              onConfigure={() => setSourcesPreset({})}
              onDelete={() =>
                remove.mutate(environment, {
                  onSuccess: () => {
                    if (environment.id === selected.id) navigate("/environments", { replace: true });
                  },
                })
              }
              deleting={remove.isPending && remove.variables?.id === environment.id}
            />
          </TabsContent>
        ))}
      </Tabs>
    );
  }

  return (
    <Page>
      <PageHeader title="Environment Security" subtitle="Configuration drift between your environments" />
      {tenantId && !tenantLoading && !readOnly ? (
        <Card>
          <CardHeader>
            <CardTitle>Add Environment</CardTitle>
          </CardHeader>
          <CardContent>
            <AddEnvironmentForm tenantId={tenantId} onCreated={select} />
          </CardContent>
        </Card>
      ) : null}
      {body}
      {tenantId && !tenantLoading && environments.isSuccess ? (
        <DataSources
          repositories={repositoryList}
          environmentName={readOnly ? null : (selected?.name ?? null)}
          onConfigure={setSourcesPreset}
        />
      ) : null}
      {tenantId && selected ? (
        <SourcesDialog
          tenantId={tenantId}
          environment={selected}
          repositories={repositoryList}
          preset={sourcesPreset ?? {}}
          open={sourcesPreset !== null}
          onClose={() => setSourcesPreset(null)}
        />
      ) : null}
    </Page>
  );
}
