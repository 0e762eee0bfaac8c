// An evidence request's state, and whether it is overdue or its accepted evidence lapses soon.
import type { EvidenceRequest } from "@rampart/contracts/evidence-requests";
import { Badge } from "../../components/ui/badge";
import { EVIDENCE_STATE_BADGE, EVIDENCE_STATE_LABELS } from "./evidence-labels";

export function EvidenceStateBadges({ request }: { request: EvidenceRequest }) {
  return (
    <span className="flex flex-wrap gap-1">
      <Badge variant={EVIDENCE_STATE_BADGE[request.state]}>{EVIDENCE_STATE_LABELS[request.state]}</Badge>
      {request.overdue ? <Badge variant="danger">Overdue</Badge> : null}
      {request.atRisk ? <Badge variant="warning">At risk</Badge> : null}
    </span>
  );
}
