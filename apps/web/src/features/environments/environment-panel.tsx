// One environment's tab: its drift state and last sync, its sources, the actions (sync, configure,
// upload a state, delete after the browser's confirmation), its drift and the comparison.
import type { Environment } from "@rampart/contracts/environments";
import { RefreshCw, Settings2, Trash2, Upload } from "lucide-react";
import { type ChangeEvent, useId, useRef } from "react";
import { DriftStateBadge } from "../../components/drift-state-badge";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { confirmAction } from "../../lib/browser";
import { formatDateTime } from "../../lib/format-date";
import { useUploadEnvironmentState } from "./api/upload-environment-state";
import { ComparePanel } from "./compare-panel";
import { DriftFindings, DriftStatsRow } from "./drift-findings";
import { ENVIRONMENT_TYPE_LABELS } from "./environment-labels";
import { OBSERVED_KINDS } from "./source-form";

/** Spec §5, word for word. */
export function deleteConfirmation(name: string): string {
  return `Delete environment "${name}"? This action cannot be undone.`;
}

function SourcesSummary({
  environment,
  repositoryName,
}: {
  environment: Environment;
  repositoryName: string | null;
}) {
  const { declared, observed } = environment;
  return (
    <dl className="grid gap-2 text-sm md:grid-cols-2">
      <div>
        <dt className="text-xs text-muted-foreground">Declared state</dt>
        <dd>
          {declared
            ? `${repositoryName ?? "A removed repository"} · ${declared.path || "/"} (${declared.kind})`
            : "Not set"}
        </dd>
      </div>
      <div>
        <dt className="text-xs text-muted-foreground">Observed state</dt>
        <dd>
          {observed ? OBSERVED_KINDS[observed.kind].label : "Not set"}
          {observed && environment.hasCredential ? " · credential stored" : ""}
        </dd>
      </div>
      {environment.syncSchedule ? (
        <div>
          <dt className="text-xs text-muted-foreground">Sync schedule</dt>
          <dd className="font-mono">{environment.syncSchedule}</dd>
        </div>
      ) : null}
    </dl>
  );
}

function UploadStateButton({ tenantId, environmentId }: { tenantId: string; environmentId: string }) {
  const upload = useUploadEnvironmentState(tenantId, environmentId);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  function chosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (file) upload.mutate(file);
  }
  return (
    <>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept=".tfstate,.json,application/json"
        aria-label="Terraform state file"
        className="sr-only"
        onChange={chosen}
      />
      <Button variant="outline" size="sm" disabled={upload.isPending} onClick={() => input.current?.click()}>
        <Upload aria-hidden="true" />
        {upload.isPending ? "Uploading..." : "Upload State"}
      </Button>
    </>
  );
}

export function EnvironmentPanel({
  tenantId,
  environment,
  environments,
  repositoryName,
  readOnly,
  syncing,
  onSync,
  onConfigure,
  onDelete,
  deleting,
}: {
  tenantId: string;
  environment: Environment;
  environments: Environment[];
  repositoryName: string | null;
  readOnly: boolean;
  syncing: boolean;
  onSync: () => void;
  onConfigure: () => void;
  onDelete: () => void;
  deleting: boolean;
}) {
  const synced = environment.lastSyncedAt !== null;
  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader className="flex flex-col gap-3 md:flex-row md:items-start md:justify-between">
          <div className="min-w-0">
            <CardTitle className="flex flex-wrap items-center gap-2">
              {environment.name}
              <Badge variant="muted">{ENVIRONMENT_TYPE_LABELS[environment.type]}</Badge>
              <DriftStateBadge state={environment.driftState} />
            </CardTitle>
            <CardDescription>
              {syncing
                ? "Sync in progress…"
                : synced
                  ? `Last synced ${formatDateTime(environment.lastSyncedAt!)}`
                  : "Never synced"}
            </CardDescription>
          </div>
          {readOnly ? null : (
            <div className="flex flex-wrap gap-2">
              <Button size="sm" disabled={syncing} onClick={onSync}>
                <RefreshCw aria-hidden="true" className={syncing ? "animate-spin" : undefined} />
                Sync Now
              </Button>
              <Button size="sm" variant="outline" onClick={onConfigure}>
                <Settings2 aria-hidden="true" />
                Configure Sources
              </Button>
              {environment.observed?.kind === "terraform-upload" ? (
                <UploadStateButton tenantId={tenantId} environmentId={environment.id} />
              ) : null}
              <Button
                size="sm"
                variant="outline"
                disabled={deleting}
                onClick={() => {
                  if (confirmAction(deleteConfirmation(environment.name))) onDelete();
                }}
              >
                <Trash2 aria-hidden="true" />
                Delete Environment
              </Button>
            </div>
          )}
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {environment.lastSyncError ? (
            <p role="alert" className="rounded-md border border-danger/40 bg-danger-muted/60 p-3 text-sm">
              The last sync failed: {environment.lastSyncError}
            </p>
          ) : null}
          <SourcesSummary environment={environment} repositoryName={repositoryName} />
          {environment.driftStats ? <DriftStatsRow stats={environment.driftStats} /> : null}
        </CardContent>
      </Card>

      <section aria-labelledby={`drift-${environment.id}`} className="flex flex-col gap-3">
        <h2 id={`drift-${environment.id}`} className="text-lg font-semibold">
          Drift
        </h2>
        <DriftFindings environmentId={environment.id} synced={synced} />
      </section>

      <section aria-labelledby={`compare-${environment.id}`} className="flex flex-col gap-3">
        <h2 id={`compare-${environment.id}`} className="text-lg font-semibold">
          Compare
        </h2>
        <ComparePanel source={environment} environments={environments} readOnly={readOnly} />
      </section>
    </div>
  );
}
