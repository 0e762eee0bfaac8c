// The repositories a tenant scans: list, add by git URL or absolute path (with an access token for
// a private https repository, which is write-only: never shown again), scan one (which also makes
// it the dashboard's scan choice), rename, and remove. An auditor reads the list only, so the
// controls that change or scan are hidden for one.
import type { Repository } from "@rampart/contracts/repositories";
import { Check, FolderGit2, Pencil, Play, Trash2, X } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Skeleton } from "../../components/ui/skeleton";
import { useChosenRepository } from "../../scans/chosen-repository";
import { useTriggerScan } from "../../scans/trigger-scan";
import {
  useAddRepository,
  useDeleteRepository,
  useRenameRepository,
  useRepositories,
} from "./api/repositories";

/** The name as an inline form: Enter or the check saves, Escape or the cross cancels. */
function RenameForm({
  tenantId,
  repository,
  onDone,
}: {
  tenantId: string;
  repository: Repository;
  onDone: () => void;
}) {
  const rename = useRenameRepository();
  const [name, setName] = useState(repository.name);

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed || trimmed === repository.name) return onDone();
    rename.mutate({ tenantId, repositoryId: repository.id, name: trimmed }, { onSuccess: onDone });
  }

  return (
    <form onSubmit={submit} className="flex min-w-0 flex-1 items-center gap-1">
      <Input
        aria-label={`New name for ${repository.name}`}
        value={name}
        maxLength={200}
        autoFocus
        onChange={(event) => setName(event.target.value)}
        onKeyDown={(event) => (event.key === "Escape" ? onDone() : undefined)}
        className="h-8"
      />
      <Button type="submit" variant="ghost" size="icon" aria-label="Save name" disabled={rename.isPending}>
        <Check aria-hidden="true" />
      </Button>
      <Button type="button" variant="ghost" size="icon" aria-label="Cancel renaming" onClick={onDone}>
        <X aria-hidden="true" />
      </Button>
    </form>
  );
}

export function RepositoriesCard({ tenantId, readOnly }: { tenantId: string; readOnly: boolean }) {
  const repositories = useRepositories(tenantId);
  const add = useAddRepository();
  const remove = useDeleteRepository();
  const scan = useTriggerScan();
  const [, choose] = useChosenRepository(tenantId, repositories.data ?? []);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [location, setLocation] = useState("");
  const [token, setToken] = useState("");
  const inputId = useId();
  const tokenId = useId();
  const tokenHintId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!location.trim()) return;
    add.mutate(
      { tenantId, location: location.trim(), ...(token.trim() ? { token: token.trim() } : {}) },
      {
        onSuccess: () => {
          setLocation("");
          setToken("");
        },
      },
    );
  }

  return (
    <Card id="repositories">
      <CardHeader>
        <CardTitle>Repositories</CardTitle>
        <CardDescription>
          {readOnly
            ? "The repositories this organization scans. Auditors have read-only access."
            : "Add a git URL or an absolute path on the server, then scan it here or from the dashboard."}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {repositories.isPending ? (
          <Skeleton className="h-10" />
        ) : repositories.isError ? (
          <p role="alert" className="text-sm text-danger">
            Could not load repositories: {repositories.error.message}
          </p>
        ) : repositories.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No repositories yet.</p>
        ) : (
          <ul aria-label="Repositories" className="flex flex-col divide-y divide-border">
            {repositories.data.map((repository) => (
              <li key={repository.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                {renaming === repository.id ? (
                  <RenameForm tenantId={tenantId} repository={repository} onDone={() => setRenaming(null)} />
                ) : (
                  <div className="flex min-w-0 items-center gap-2">
                    <FolderGit2 className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                    <span className="font-medium">{repository.name}</span>
                    <Badge variant="muted">{repository.source}</Badge>
                    {repository.hasCredential ? <Badge variant="muted">token</Badge> : null}
                    <span className="truncate text-xs text-muted-foreground">{repository.location}</span>
                  </div>
                )}
                {readOnly ? null : (
                  <div className="flex shrink-0 items-center gap-1">
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={`Scan ${repository.name}`}
                      disabled={scan.isPending}
                      onClick={() => {
                        choose(repository.id);
                        scan.mutate({ tenantId, repo: repository.id });
                      }}
                    >
                      <Play aria-hidden="true" />
                      {scan.isPending && scan.variables?.repo === repository.id ? "Scanning..." : "Scan"}
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Rename ${repository.name}`}
                      onClick={() => setRenaming(repository.id)}
                    >
                      <Pencil aria-hidden="true" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Remove ${repository.name}`}
                      disabled={remove.isPending}
                      onClick={() => remove.mutate({ tenantId, repositoryId: repository.id })}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
        {readOnly ? null : (
          <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end">
            <div className="flex flex-1 flex-col gap-1.5">
              <Label htmlFor={inputId}>Repository URL or path</Label>
              <Input
                id={inputId}
                value={location}
                onChange={(event) => setLocation(event.target.value)}
                placeholder="https://github.com/acme/api.git or /srv/repos/api"
              />
            </div>
            <div className="flex flex-col gap-1.5 sm:w-56">
              <Label htmlFor={tokenId}>Access token (optional)</Label>
              <Input
                id={tokenId}
                type="password"
                autoComplete="off"
                value={token}
                onChange={(event) => setToken(event.target.value)}
                placeholder="For a private https repository"
                aria-describedby={tokenHintId}
              />
              <span id={tokenHintId} className="sr-only">
                Stored encrypted and never shown again.
              </span>
            </div>
            <Button type="submit" disabled={add.isPending || !location.trim()}>
              {add.isPending ? "Adding..." : "Add Repository"}
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
