// "Triage" a vulnerable dependency: a VEX decision (not affected with a justification or an impact
// statement, affected, fixed, under investigation). Not affected and fixed take the finding out
// of the open counts; the decision is exported with the tenant's VEX documents.
import type { ScaFinding } from "@rampart/contracts/sca";
import type { VexJustification, VexStatus } from "@rampart/contracts/vex";
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
import { Label } from "../../components/ui/label";
import { Textarea } from "../../components/ui/textarea";
import { useTriageVex } from "./api/triage-vex";

export const STATUS_LABELS: Record<VexStatus, string> = {
  not_affected: "Not affected",
  affected: "Affected",
  fixed: "Fixed",
  under_investigation: "Under investigation",
};

const JUSTIFICATION_LABELS: Record<VexJustification, string> = {
  component_not_present: "Component not present",
  vulnerable_code_not_present: "Vulnerable code not present",
  vulnerable_code_not_in_execute_path: "Vulnerable code not in execute path",
  vulnerable_code_cannot_be_controlled_by_adversary: "Vulnerable code cannot be controlled by adversary",
  inline_mitigations_already_exist: "Inline mitigations already exist",
};

export function TriageDialog({
  finding,
  tenantId,
  onClose,
}: {
  finding: ScaFinding | null;
  tenantId: string;
  onClose: () => void;
}) {
  return (
    <ItemDialog item={finding} onClose={onClose}>
      {(item) => <TriageForm finding={item} tenantId={tenantId} onDone={onClose} />}
    </ItemDialog>
  );
}

function TriageForm({
  finding,
  tenantId,
  onDone,
}: {
  finding: ScaFinding;
  tenantId: string;
  onDone: () => void;
}) {
  const triage = useTriageVex();
  const [status, setStatus] = useState<VexStatus>("not_affected");
  const [justification, setJustification] = useState<VexJustification | "">("");
  const [statement, setStatement] = useState("");
  const [error, setError] = useState<string | null>(null);
  const ids = { status: useId(), justification: useId(), statement: useId(), error: useId() };
  const notAffected = status === "not_affected";
  const statementLabel = notAffected ? "Impact statement" : "Action statement";

  function submit(event: FormEvent) {
    event.preventDefault();
    const text = statement.trim();
    // OpenVEX: a not_affected statement needs a justification or an impact statement.
    if (notAffected && !justification && !text) {
      setError("Choose a justification or describe why the package is not affected");
      return;
    }
    triage.mutate(
      {
        tenantId,
        findingId: finding.id,
        status,
        ...(notAffected && justification ? { justification } : {}),
        ...(text ? (notAffected ? { impactStatement: text } : { actionStatement: text }) : {}),
      },
      { onSuccess: onDone },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <DialogHeader>
        <DialogTitle>Triage Vulnerability</DialogTitle>
        <DialogDescription>
          {finding.cveId} in {finding.packageName}@{finding.packageVersion}. Not affected and fixed decisions
          stop counting the finding; every decision is kept as a VEX statement with your name.
        </DialogDescription>
      </DialogHeader>
      <div className="flex flex-col gap-1.5">
        <Label id={ids.status}>Status</Label>
        <OptionsSelect labelId={ids.status} labels={STATUS_LABELS} value={status} onChange={setStatus} />
      </div>
      {notAffected ? (
        <div className="flex flex-col gap-1.5">
          <Label id={ids.justification}>Justification</Label>
          <OptionsSelect
            labelId={ids.justification}
            labels={JUSTIFICATION_LABELS}
            value={justification}
            onChange={(value) => {
              setJustification(value);
              setError(null);
            }}
            placeholder="Choose a justification"
          />
        </div>
      ) : null}
      {status !== "fixed" ? (
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={ids.statement}>{statementLabel} (optional)</Label>
          <Textarea
            id={ids.statement}
            value={statement}
            onChange={(event) => {
              setStatement(event.target.value);
              setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? ids.error : undefined}
            placeholder={notAffected ? "Why this package is not affected" : "What will be done about it"}
          />
        </div>
      ) : null}
      {error ? (
        <p id={ids.error} role="alert" className="text-xs text-danger">
          {error}
        </p>
      ) : null}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={triage.isPending}>
          {triage.isPending ? "Saving..." : "Record Decision"}
        </Button>
      </DialogFooter>
    </form>
  );
}
