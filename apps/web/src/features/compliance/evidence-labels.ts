// How evidence states, cadences and kinds read on the compliance pages.
import type { EvidenceRequest, EvidenceRequestState } from "@rampart/contracts/evidence-requests";

export const EVIDENCE_STATE_LABELS: Record<EvidenceRequestState, string> = {
  missing: "Missing",
  submitted: "Submitted",
  accepted: "Accepted",
  rejected: "Rejected",
  expired: "Expired",
};

export const EVIDENCE_STATE_BADGE: Record<
  EvidenceRequestState,
  "muted" | "default" | "success" | "danger" | "warning"
> = { missing: "danger", submitted: "default", accepted: "success", rejected: "danger", expired: "warning" };

export const CADENCE_LABELS: Record<EvidenceRequest["cadence"], string> = {
  once: "Once",
  monthly: "Monthly",
  quarterly: "Quarterly",
  yearly: "Yearly",
};

export const KIND_LABELS: Record<EvidenceRequest["kind"], string> = {
  document: "Document",
  screenshot: "Screenshot",
  export: "Export",
  record: "Rampart record",
};

/** "1.2 MB" for a submission's size. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
