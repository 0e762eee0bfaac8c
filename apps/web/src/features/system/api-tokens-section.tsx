// The settings drawer's API Tokens, for admins: create a token for a CI system (name, scopes,
// expiry), see its secret once with how to use it, and list and revoke the organization's tokens
// (their names, the first characters of their secrets, expiry and last use; never the secrets).
import {
  API_TOKEN_EXPIRY_DAYS,
  API_TOKEN_SCOPES,
  type ApiToken,
  type ApiTokenScope,
  type ApiTokenStatus,
  type CreatedApiToken,
} from "@rampart/contracts/api-tokens";
import type { Tenant } from "@rampart/contracts/tenants";
import { Copy, KeyRound } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { TextField } from "../../components/text-field";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Skeleton } from "../../components/ui/skeleton";
import { toast } from "../../components/ui/use-toast";
import { serverErrorMessage } from "../../lib/api";
import { formatDate, formatDateTime } from "../../lib/format-date";
import { useCreateApiToken } from "./api/create-api-token";
import { useApiTokens } from "./api/get-api-tokens";
import { useRevokeApiToken } from "./api/revoke-api-token";

/** The same rule the server applies; the server still answers 403 to anyone else. */
export function mayManageApiTokens(tenant: Pick<Tenant, "role"> | null): boolean {
  return tenant?.role === "admin";
}

const STATUS_TONE: Record<ApiTokenStatus, "success" | "muted" | "warning"> = {
  active: "success",
  expired: "warning",
  revoked: "muted",
};

const DEFAULT_EXPIRY_DAYS = 90;
const SCOPES = Object.keys(API_TOKEN_SCOPES) as ApiTokenScope[];

const selectClass =
  "flex h-10 w-full rounded-md border border-input bg-surface px-3 py-2 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring";

/** The new token's secret, its only showing, with how a CI job uses it. */
function NewSecret({ token, onDone }: { token: CreatedApiToken; onDone: () => void }) {
  const command = `rampart scan . --upload ${window.location.origin}`;
  return (
    <div role="status" className="flex flex-col gap-2 rounded-md border border-border p-3 text-sm">
      <p>
        Copy the token for <span className="font-medium">{token.name}</span> now: it is shown only once.
      </p>
      <div className="flex items-center gap-2">
        <Input
          aria-label="New API token"
          readOnly
          value={token.secret}
          className="min-w-0 flex-1 font-mono"
        />
        <Button
          variant="outline"
          size="sm"
          onClick={() =>
            void navigator.clipboard
              .writeText(token.secret)
              .then(() => toast({ title: "Token copied" }))
              .catch(() => toast({ variant: "destructive", title: "Copy failed" }))
          }
        >
          <Copy aria-hidden="true" />
          Copy
        </Button>
      </div>
      <p className="text-muted-foreground">
        In CI, store it as the secret variable <code className="font-mono">RAMPART_TOKEN</code> and run{" "}
        <code className="font-mono">{command}</code>.
      </p>
      <div className="flex justify-end">
        <Button variant="ghost" size="sm" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}

function CreateTokenForm({ tenantId }: { tenantId: string }) {
  const create = useCreateApiToken(tenantId);
  const [name, setName] = useState("");
  const [expiresInDays, setExpiresInDays] = useState<number>(DEFAULT_EXPIRY_DAYS);
  const [scopes, setScopes] = useState<ApiTokenScope[]>(SCOPES.slice(0, 1));
  const ids = { name: useId(), expiry: useId(), scopes: useId() };

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate({ name: name.trim(), scopes, expiresInDays }, { onSuccess: () => setName("") });
  }

  const toggle = (scope: ApiTokenScope, on: boolean) =>
    setScopes((current) => (on ? [...current, scope] : current.filter((each) => each !== scope)));

  return (
    <div className="flex flex-col gap-3">
      <form aria-label="Create API token" className="flex flex-col gap-3" onSubmit={submit}>
        <div className="grid grid-cols-2 gap-2">
          <TextField
            id={ids.name}
            label="Token name"
            placeholder="e.g. GitLab CI"
            maxLength={100}
            required
            value={name}
            onChange={setName}
          />
          <div className="flex flex-col gap-2">
            <Label htmlFor={ids.expiry}>Expires in</Label>
            <select
              id={ids.expiry}
              className={selectClass}
              value={expiresInDays}
              onChange={(event) => setExpiresInDays(Number(event.target.value))}
            >
              {API_TOKEN_EXPIRY_DAYS.map((days) => (
                <option key={days} value={days}>
                  {days} days
                </option>
              ))}
            </select>
          </div>
        </div>
        <fieldset aria-describedby={ids.scopes} className="flex flex-col gap-1">
          <legend className="text-sm font-medium">Scopes</legend>
          {SCOPES.map((scope) => (
            <label key={scope} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={scopes.includes(scope)}
                onChange={(event) => toggle(scope, event.target.checked)}
              />
              <span className="font-mono">{scope}</span>
              <span className="text-muted-foreground">{API_TOKEN_SCOPES[scope]}</span>
            </label>
          ))}
          <span id={ids.scopes} className="sr-only">
            What the token may do.
          </span>
        </fieldset>
        <div className="flex justify-end">
          <Button type="submit" disabled={create.isPending || !name.trim() || scopes.length === 0}>
            <KeyRound aria-hidden="true" />
            {create.isPending ? "Creating..." : "Create Token"}
          </Button>
        </div>
      </form>
      {create.isError ? (
        <p role="alert" className="text-sm text-danger">
          {serverErrorMessage(create.error) ?? "The token could not be created."}
        </p>
      ) : null}
      {create.data ? <NewSecret token={create.data} onDone={() => create.reset()} /> : null}
    </div>
  );
}

function TokenRow({ token, tenantId }: { token: ApiToken; tenantId: string }) {
  const revoke = useRevokeApiToken(tenantId);
  return (
    <li className="flex flex-col gap-0.5 border-b border-border pb-2 last:border-0">
      <span className="flex items-center justify-between gap-2">
        <span className="min-w-0 truncate">
          <span className="font-medium">{token.name}</span>{" "}
          <span className="font-mono text-xs text-muted-foreground">{token.hint}</span>
        </span>
        <span className="flex items-center gap-2">
          <Badge variant={STATUS_TONE[token.status]}>{token.status}</Badge>
          {token.status === "active" ? (
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Revoke ${token.name}`}
              disabled={revoke.isPending}
              onClick={() => revoke.mutate(token.id)}
            >
              Revoke
            </Button>
          ) : null}
        </span>
      </span>
      <span className="text-xs text-muted-foreground">
        {token.scopes.join(", ")} · {token.status === "expired" ? "expired" : "expires"}{" "}
        {formatDate(token.expiresAt)} · last used{" "}
        {token.lastUsedAt ? formatDateTime(token.lastUsedAt) : "never"} · by {token.createdBy}
      </span>
    </li>
  );
}

export function ApiTokensSection({ tenantId }: { tenantId: string }) {
  const tokens = useApiTokens(tenantId);
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">
        Tokens let a CI system upload its scans with <code className="font-mono">rampart scan --upload</code>.
      </p>
      <CreateTokenForm tenantId={tenantId} />
      {tokens.isPending ? (
        <Skeleton className="h-12" />
      ) : tokens.isError ? (
        <p className="text-sm text-danger">Unable to load API tokens.</p>
      ) : tokens.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No API tokens yet.</p>
      ) : (
        <ul aria-label="API tokens" className="flex flex-col gap-2 text-sm">
          {tokens.data.map((token) => (
            <TokenRow key={token.id} token={token} tenantId={tenantId} />
          ))}
        </ul>
      )}
    </div>
  );
}
