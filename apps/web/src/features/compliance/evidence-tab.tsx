// Evidence requests (/compliance/evidence): what each control needs that no scanner can test, per
// period of its cadence. The list filters by state and by "mine"; reminders of overdue and at-risk
// evidence head the tab. Auditors and admins ask for more evidence with "Request evidence".
import type { EvidenceRequest, EvidenceRequestState } from "@rampart/contracts/evidence-requests";
import { AlertTriangle, FilePlus } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Link } from "wouter";
import { EmptyState } from "../../components/empty-state";
import { ErrorPanel } from "../../components/error-panel";
import { FilterButtons } from "../../components/filter-buttons";
import { TextField } from "../../components/text-field";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Label } from "../../components/ui/label";
import { Skeleton } from "../../components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table";
import { Textarea } from "../../components/ui/textarea";
import { serverErrorMessage } from "../../lib/api";
import { formatDate } from "../../lib/format-date";
import { useCreateEvidenceRequest } from "./api/change-evidence-request";
import { useEvidenceReminders, useEvidenceRequests } from "./api/get-evidence-requests";
import type { ComplianceAbilities } from "./compliance-role";
import { CADENCE_LABELS, EVIDENCE_STATE_LABELS, KIND_LABELS } from "./evidence-labels";
import { EvidenceRequestDetailView } from "./evidence-request-detail";
import { EvidenceStateBadges } from "./evidence-state-badges";
import { NativeSelect } from "./native-select";

type StateFilter = EvidenceRequestState | "all";
const STATE_FILTERS = ["all", "missing", "submitted", "accepted", "rejected", "expired"] as const;
const STATE_FILTER_LABELS: Record<StateFilter, string> = { all: "All", ...EVIDENCE_STATE_LABELS };

function RemindersBanner({ tenantId }: { tenantId: string }) {
  const reminders = useEvidenceReminders(tenantId);
  if (!reminders.data) return null;
  const { overdue, atRisk } = reminders.data;
  if (overdue.length === 0 && atRisk.length === 0) return null;
  const items = [
    ...overdue.map((request) => ({ request, why: `overdue since ${formatDate(request.dueAt)}` })),
    ...atRisk.map((request) => ({
      request,
      why: `accepted evidence lapses ${request.validUntil ? formatDate(request.validUntil) : "soon"}`,
    })),
  ];
  return (
    <section
      aria-label="Evidence reminders"
      className="flex gap-3 rounded-lg border border-warning/40 bg-warning-muted/60 p-4 text-sm"
    >
      <AlertTriangle className="mt-0.5 size-5 shrink-0 text-warning" aria-hidden="true" />
      <div className="flex flex-col gap-1">
        <p className="font-medium">
          {overdue.length} overdue and {atRisk.length} at-risk evidence{" "}
          {overdue.length + atRisk.length === 1 ? "request needs" : "requests need"} attention.
        </p>
        <ul className="flex flex-col gap-0.5">
          {items.map(({ request, why }) => (
            <li key={request.id}>
              <Link href={`/compliance/evidence/${request.id}`} className="text-primary hover:underline">
                {request.title}
              </Link>{" "}
              <span className="text-muted-foreground">
                ({request.controlCode}, {why})
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

const KIND_OPTIONS = (["document", "screenshot", "export"] as const).map((value) => ({
  value,
  label: KIND_LABELS[value],
}));
const CADENCE_OPTIONS = (["once", "monthly", "quarterly", "yearly"] as const).map((value) => ({
  value,
  label: CADENCE_LABELS[value],
}));

function RequestEvidenceForm({ tenantId, onDone }: { tenantId: string; onDone: () => void }) {
  const create = useCreateEvidenceRequest(tenantId);
  const [controlCode, setControlCode] = useState("");
  const [title, setTitle] = useState("");
  const [description, setDescription] = useState("");
  const [kind, setKind] = useState<(typeof KIND_OPTIONS)[number]["value"]>("document");
  const [cadence, setCadence] = useState<EvidenceRequest["cadence"]>("once");
  const [due, setDue] = useState("");
  const ids = { control: useId(), title: useId(), description: useId(), due: useId() };

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate(
      {
        controlCode: controlCode.trim(),
        title: title.trim(),
        description,
        kind,
        cadence,
        dueAt: `${due}T23:59:59.999Z`,
      },
      { onSuccess: onDone },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Request evidence</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid gap-3 md:grid-cols-2" aria-label="Request evidence">
          <TextField
            id={ids.control}
            label="Control code"
            required
            maxLength={64}
            placeholder="ORG-ACCESS-01"
            value={controlCode}
            onChange={setControlCode}
          />
          <TextField
            id={ids.title}
            label="Title"
            required
            maxLength={200}
            value={title}
            onChange={setTitle}
          />
          <div className="flex flex-col gap-2 md:col-span-2">
            <Label htmlFor={ids.description}>What is needed</Label>
            <Textarea
              id={ids.description}
              maxLength={4000}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
            />
          </div>
          <NativeSelect label="Kind" value={kind} onChange={setKind} options={KIND_OPTIONS} />
          <NativeSelect label="Cadence" value={cadence} onChange={setCadence} options={CADENCE_OPTIONS} />
          <TextField id={ids.due} label="Due date" type="date" required value={due} onChange={setDue} />
          <div className="flex items-end gap-2">
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? "Requesting..." : "Send request"}
            </Button>
            <Button variant="ghost" onClick={onDone}>
              Cancel
            </Button>
          </div>
          {create.isError ? (
            <p role="alert" className="text-sm text-danger md:col-span-2">
              {serverErrorMessage(create.error) ?? "The request could not be created."}
            </p>
          ) : null}
        </form>
      </CardContent>
    </Card>
  );
}

function EvidenceRequestTable({ requests }: { requests: EvidenceRequest[] }) {
  return (
    <Table aria-label="Evidence requests">
      <TableHeader>
        <TableRow>
          <TableHead scope="col">Evidence</TableHead>
          <TableHead scope="col">Control</TableHead>
          <TableHead scope="col">Cadence</TableHead>
          <TableHead scope="col">State</TableHead>
          <TableHead scope="col">Owner</TableHead>
          <TableHead scope="col">Due</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {requests.map((request) => (
          <TableRow key={request.id}>
            <TableCell>
              <Link
                href={`/compliance/evidence/${request.id}`}
                className="font-medium text-primary hover:underline"
              >
                {request.title}
              </Link>
              {request.source === "auditor" ? (
                <span className="text-xs text-muted-foreground"> (auditor)</span>
              ) : null}
            </TableCell>
            <TableCell className="font-mono text-xs">{request.controlCode}</TableCell>
            <TableCell>{CADENCE_LABELS[request.cadence]}</TableCell>
            <TableCell>
              <EvidenceStateBadges request={request} />
            </TableCell>
            <TableCell className="text-muted-foreground">{request.owner?.email ?? "No owner"}</TableCell>
            <TableCell className="text-muted-foreground">{formatDate(request.dueAt)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function EvidenceRequestList({ tenantId, abilities }: { tenantId: string; abilities: ComplianceAbilities }) {
  const [state, setState] = useState<StateFilter>("all");
  const [mine, setMine] = useState(false);
  const [creating, setCreating] = useState(false);
  const requests = useEvidenceRequests(tenantId, { state: state === "all" ? undefined : state, mine });
  const mineId = useId();
  return (
    <>
      <RemindersBanner tenantId={tenantId} />
      <div className="flex flex-wrap items-center gap-4">
        <FilterButtons
          label="State"
          options={STATE_FILTERS}
          labels={STATE_FILTER_LABELS}
          value={state}
          onChange={setState}
        />
        <label htmlFor={mineId} className="flex items-center gap-2 text-sm">
          <input
            id={mineId}
            type="checkbox"
            checked={mine}
            onChange={(event) => setMine(event.target.checked)}
          />
          Only mine
        </label>
        {abilities.canAudit && !creating ? (
          <Button size="sm" className="ml-auto" onClick={() => setCreating(true)}>
            <FilePlus aria-hidden="true" />
            Request evidence
          </Button>
        ) : null}
      </div>
      {creating ? <RequestEvidenceForm tenantId={tenantId} onDone={() => setCreating(false)} /> : null}
      {requests.isPending ? (
        <Skeleton className="h-48" />
      ) : requests.isError ? (
        <ErrorPanel
          title="Evidence requests unavailable"
          message="Failed to load evidence requests. Please try refreshing the page."
          onRetry={() => void requests.refetch()}
        />
      ) : requests.data.requests.length === 0 ? (
        <EmptyState
          title="No evidence requests"
          description={
            state === "all" && !mine
              ? "Controls that need documents or records ask for them here."
              : "No request matches these filters."
          }
        />
      ) : (
        <EvidenceRequestTable requests={requests.data.requests} />
      )}
    </>
  );
}

export function EvidenceTab({
  tenantId,
  abilities,
  requestId,
}: {
  tenantId: string;
  abilities: ComplianceAbilities;
  requestId: string | null;
}) {
  return requestId ? (
    <EvidenceRequestDetailView tenantId={tenantId} requestId={requestId} abilities={abilities} />
  ) : (
    <EvidenceRequestList tenantId={tenantId} abilities={abilities} />
  );
}
