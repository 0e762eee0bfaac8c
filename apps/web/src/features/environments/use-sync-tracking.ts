// Sync is a queued job: after 'Sync Started', the page reads the environment list every few
// seconds until the environment's sync result changes (or a while has passed), then refreshes its
// drift and comparisons and says so if the sync failed.
import type { Environment } from "@rampart/contracts/environments";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { toast } from "../../components/ui/use-toast";
import { useEnvironments } from "./api/get-environments";

/** How long the page keeps watching a sync that has not finished (a long queue, a slow backend). */
export const SYNC_WATCH_MS = 120_000;

/** Everything a finished sync changes. */
export function syncSignature(environment: Environment): string {
  return JSON.stringify([
    environment.lastSyncedAt,
    environment.lastSyncError,
    environment.driftState,
    environment.driftStats,
  ]);
}

interface Watched {
  signature: string;
  startedAt: number;
}

export function useSyncTracking(tenantId: string | null) {
  const queryClient = useQueryClient();
  const [watched, setWatched] = useState<Record<string, Watched>>({});
  const environments = useEnvironments(tenantId, { polling: Object.keys(watched).length > 0 });
  const data = environments.data;

  useEffect(() => {
    if (!data) return;
    const finished: string[] = [];
    for (const [id, watch] of Object.entries(watched)) {
      const environment = data.find((candidate) => candidate.id === id);
      if (!environment || Date.now() - watch.startedAt > SYNC_WATCH_MS) {
        finished.push(id);
      } else if (syncSignature(environment) !== watch.signature) {
        finished.push(id);
        void queryClient.invalidateQueries({ queryKey: ["/api/env"] });
        if (environment.lastSyncError)
          toast({ variant: "destructive", title: "Sync Failed", description: environment.lastSyncError });
      }
    }
    if (finished.length > 0)
      setWatched((current) =>
        Object.fromEntries(Object.entries(current).filter(([id]) => !finished.includes(id))),
      );
  }, [data, watched, queryClient]);

  const watch = useCallback((environment: Environment) => {
    setWatched((current) => ({
      ...current,
      [environment.id]: { signature: syncSignature(environment), startedAt: Date.now() },
    }));
  }, []);

  return { environments, isSyncing: (id: string) => id in watched, watch };
}
