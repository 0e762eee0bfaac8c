// Start a sync (POST /api/env/sync): a queued job that reads the observed state again and
// recomputes drift. The answer only says it is queued; the page watches the list for the result.
import type { Environment, SyncStarted } from "@rampart/contracts/environments";
import { useMutation } from "@tanstack/react-query";
import { toast } from "../../../components/ui/use-toast";
import { apiSend } from "../../../lib/api";
import { environmentErrorMessage } from "../environment-errors";

export function syncEnvironment(environmentId: string) {
  return apiSend<SyncStarted>("POST", "/api/env/sync", { environmentId });
}

export function useSyncEnvironment({ onQueued }: { onQueued: (environment: Environment) => void }) {
  return useMutation({
    mutationFn: (environment: Environment) => syncEnvironment(environment.id),
    onSuccess: (_answer, environment) => {
      toast({ title: "Sync Started", description: `${environment.name} is queued for a sync.` });
      onQueued(environment);
    },
    onError: (error) =>
      toast({ variant: "destructive", title: "Sync Failed", description: environmentErrorMessage(error) }),
  });
}
