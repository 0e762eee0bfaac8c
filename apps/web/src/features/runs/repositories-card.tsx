// The repositories a tenant scans: list, add by git URL or absolute path (with an access token for
// a private https repository, which is write-only: never shown again), and remove. An auditor
// reads the list only, so the add and remove controls are hidden for one.
import { FolderGit2, Trash2 } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Skeleton } from "../../components/ui/skeleton";
import { useAddRepository, useDeleteRepository, useRepositories } from "./api/repositories";

export function RepositoriesCard({ tenantId, readOnly }: { tenantId: string; readOnly: boolean }) {
  const repositories = useRepositories(tenantId);
  const add = useAddRepository();
  const remove = useDeleteRepository();
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
    <Card>
      <CardHeader>
        <CardTitle>Repositories</CardTitle>
        <CardDescription>
          {readOnly
            ? "The repositories this organization scans. Auditors have read-only access."
            : "Add a git URL or an absolute path on the server; scans run from the dashboard."}
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
                <div className="flex min-w-0 items-center gap-2">
                  <FolderGit2 className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                  <span className="font-medium">{repository.name}</span>
                  <Badge variant="muted">{repository.source}</Badge>
                  {repository.hasCredential ? <Badge variant="muted">token</Badge> : null}
                  <span className="truncate text-xs text-muted-foreground">{repository.location}</span>
                </div>
                {readOnly ? null : (
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Remove ${repository.name}`}
                    disabled={remove.isPending}
                    onClick={() => remove.mutate({ tenantId, repositoryId: repository.id })}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
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
