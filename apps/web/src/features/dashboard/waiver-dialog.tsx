// "Dismiss" a finding: records a waiver with a reason, a scope and an optional expiry. The
// finding stays in the evidence as waived; it just stops counting as a failure. Under four-eyes
// approval the waiver is a request until another person approves it (Members page).
import type { Finding } from "@rampart/contracts/runs";
import { type FormEvent, useId, useState } from "react";
import { ItemDialog } from "../../components/item-dialog";
import { OptionsSelect } from "../../components/options-select";
import { Button } from "../../components/ui/button";
import {
  DialogClose,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Textarea } from "../../components/ui/textarea";
import { useCreateWaiver } from "./api/create-waiver";

type Scope = "fingerprint" | "rule-path" | "rule";

const SCOPE_LABELS: Record<Scope, string> = {
  fingerprint: "This finding only",
  "rule-path": "This rule in matching paths",
  rule: "This rule everywhere",
};

/** The end of the chosen local day, as an ISO timestamp. */
function endOfDay(date: string): string {
  return new Date(`${date}T23:59:59`).toISOString();
}

export function WaiverDialog({
  finding,
  tenantId,
  needsApproval,
  onClose,
}: {
  finding: Finding | null;
  tenantId: string;
  needsApproval: boolean;
  onClose: () => void;
}) {
  return (
    <ItemDialog item={finding} onClose={onClose}>
      {(item) => (
        <WaiverForm finding={item} tenantId={tenantId} needsApproval={needsApproval} onDone={onClose} />
      )}
    </ItemDialog>
  );
}

function WaiverForm({
  finding,
  tenantId,
  needsApproval,
  onDone,
}: {
  finding: Finding;
  tenantId: string;
  needsApproval: boolean;
  onDone: () => void;
}) {
  const create = useCreateWaiver();
  const [reason, setReason] = useState("");
  const [scope, setScope] = useState<Scope>("fingerprint");
  const [pathPattern, setPathPattern] = useState(finding.filePath ?? "");
  const [expires, setExpires] = useState("");
  const [reasonError, setReasonError] = useState<string | null>(null);
  const ids = { reason: useId(), scope: useId(), path: useId(), expires: useId(), error: useId() };

  function submit(event: FormEvent) {
    event.preventDefault();
    if (reason.trim().length < 3) {
      setReasonError("A reason of at least 3 characters is required");
      return;
    }
    create.mutate(
      {
        tenantId,
        findingId: finding.id,
        scope,
        reason: reason.trim(),
        ...(scope === "rule-path" && pathPattern.trim() ? { pathPattern: pathPattern.trim() } : {}),
        ...(expires ? { expiresAt: endOfDay(expires) } : {}),
      },
      { onSuccess: onDone },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <DialogHeader>
        <DialogTitle>Dismiss Finding</DialogTitle>
        <DialogDescription>
          {finding.ruleId}: {finding.message}. The finding stays in the evidence trail as waived, with your
          reason.
          {needsApproval
            ? " Four-eyes approval is on: the finding stays open until another admin or member approves the waiver on the Members page."
            : null}
        </DialogDescription>
      </DialogHeader>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={ids.reason}>Reason</Label>
        <Textarea
          id={ids.reason}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            if (reasonError && event.target.value.trim().length >= 3) setReasonError(null);
          }}
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={reasonError ? ids.error : undefined}
          placeholder="Why this finding does not need a fix"
        />
        {reasonError ? (
          <p id={ids.error} className="text-xs text-danger">
            {reasonError}
          </p>
        ) : null}
      </div>
      <div className="flex flex-col gap-1.5">
        <Label id={ids.scope}>Scope</Label>
        <OptionsSelect labelId={ids.scope} labels={SCOPE_LABELS} value={scope} onChange={setScope} />
      </div>
      {scope === "rule-path" ? (
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={ids.path}>Path pattern</Label>
          <Input id={ids.path} value={pathPattern} onChange={(event) => setPathPattern(event.target.value)} />
        </div>
      ) : null}
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={ids.expires}>Expires on (optional)</Label>
        <Input
          id={ids.expires}
          type="date"
          value={expires}
          onChange={(event) => setExpires(event.target.value)}
        />
      </div>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? "Dismissing..." : needsApproval ? "Request Approval" : "Dismiss Finding"}
        </Button>
      </DialogFooter>
    </form>
  );
}
