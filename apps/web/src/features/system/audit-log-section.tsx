// The settings drawer's Audit Log: who did what, when, from where and with what result in the
// current organization, with filters (action, actor, result, days) applied together and cursor
// "Load More". Shown to admins, and to auditors while auditor access is on.
import type { AuditLogEntry, AuditResult } from "@rampart/contracts/audit";
import type { Tenant } from "@rampart/contracts/tenants";
import { type FormEvent, useState } from "react";
import { TextField } from "../../components/text-field";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Skeleton } from "../../components/ui/skeleton";
import { formatDateTime } from "../../lib/format-date";
import { type AuditLogFilters, NO_AUDIT_FILTERS, useAuditLog } from "./api/get-audit-log";

/** The same rule the server applies; the server still answers 403 to anyone else. */
export function mayReadAuditLog(tenant: Pick<Tenant, "role" | "auditorAccessEnabled"> | null): boolean {
  if (!tenant) return false;
  return tenant.role === "admin" || (tenant.role === "auditor" && tenant.auditorAccessEnabled);
}

const RESULT_TONE: Record<AuditResult, "success" | "warning" | "danger"> = {
  success: "success",
  denied: "warning",
  failed: "danger",
};

const selectClass =
  "flex h-10 w-full rounded-md border border-input bg-surface px-3 py-2 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring";

function EntryRow({ entry }: { entry: AuditLogEntry }) {
  return (
    <li className="flex flex-col gap-0.5 border-b border-border pb-2 last:border-0">
      <span className="flex items-center justify-between gap-2">
        <span className="min-w-0 truncate">
          <span className="font-medium">{entry.action}</span>
          {entry.target ? (
            <span className="font-mono text-xs text-muted-foreground" title={entry.target}>
              {" "}
              {entry.target.slice(0, 8)}
            </span>
          ) : null}
        </span>
        <Badge variant={RESULT_TONE[entry.result]}>{entry.result}</Badge>
      </span>
      <span className="truncate text-xs text-muted-foreground">
        {entry.actor.email ?? "unknown"} · {entry.clientAddress} · {entry.statusCode} ·{" "}
        {formatDateTime(entry.createdAt)}
      </span>
    </li>
  );
}

export function AuditLogSection({ tenantId }: { tenantId: string }) {
  const [draft, setDraft] = useState<AuditLogFilters>(NO_AUDIT_FILTERS);
  const [filters, setFilters] = useState<AuditLogFilters>(NO_AUDIT_FILTERS);
  const log = useAuditLog(tenantId, filters);
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  const set = (patch: Partial<AuditLogFilters>) => setDraft((current) => ({ ...current, ...patch }));

  function apply(event: FormEvent) {
    event.preventDefault();
    setFilters(draft);
  }

  return (
    <div className="flex flex-col gap-3">
      <form aria-label="Audit log filters" className="grid grid-cols-2 gap-2" onSubmit={apply}>
        <TextField
          id="audit-action"
          label="Action"
          placeholder="e.g. repository"
          maxLength={120}
          value={draft.action}
          onChange={(action) => set({ action })}
        />
        <TextField
          id="audit-actor"
          label="Actor"
          placeholder="e-mail"
          maxLength={320}
          value={draft.actor}
          onChange={(actor) => set({ actor })}
        />
        <div className="flex flex-col gap-1">
          <Label htmlFor="audit-result">Result</Label>
          <select
            id="audit-result"
            className={selectClass}
            value={draft.result}
            onChange={(event) => set({ result: event.target.value as AuditLogFilters["result"] })}
          >
            <option value="all">All results</option>
            <option value="success">Success</option>
            <option value="denied">Denied</option>
            <option value="failed">Failed</option>
          </select>
        </div>
        <div className="grid grid-cols-2 gap-2">
          <div className="flex flex-col gap-1">
            <Label htmlFor="audit-from">From</Label>
            <Input
              id="audit-from"
              type="date"
              value={draft.from}
              onChange={(event) => set({ from: event.target.value })}
            />
          </div>
          <div className="flex flex-col gap-1">
            <Label htmlFor="audit-to">To</Label>
            <Input
              id="audit-to"
              type="date"
              value={draft.to}
              onChange={(event) => set({ to: event.target.value })}
            />
          </div>
        </div>
        <div className="col-span-2 flex justify-end gap-2">
          <Button
            type="button"
            variant="ghost"
            onClick={() => {
              setDraft(NO_AUDIT_FILTERS);
              setFilters(NO_AUDIT_FILTERS);
            }}
          >
            Clear
          </Button>
          <Button type="submit" variant="outline">
            Apply Filters
          </Button>
        </div>
      </form>

      {log.isPending ? (
        <Skeleton className="h-12" />
      ) : log.isError ? (
        <p className="text-sm text-danger">Unable to load the audit log.</p>
      ) : entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">No audit log entries match.</p>
      ) : (
        <ul aria-label="Audit log entries" className="flex flex-col gap-2 text-sm">
          {entries.map((entry) => (
            <EntryRow key={entry.id} entry={entry} />
          ))}
        </ul>
      )}
      {log.hasNextPage ? (
        <div className="flex justify-center">
          <Button
            variant="outline"
            disabled={log.isFetchingNextPage}
            onClick={() => void log.fetchNextPage()}
          >
            Load More
          </Button>
        </div>
      ) : null}
    </div>
  );
}
