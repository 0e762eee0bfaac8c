// How runs, commits and hashes are named on screen (spec part 1, Recent Policy Runs; part 2, Policy
// Runs): PR runs by number, everything else as a manual run; ids, commits and hashes abbreviated;
// a run that evaluated nothing by its reason.
import type { Run, RunReasonCode } from "@rampart/contracts/runs";

/** The pull-request number of a run triggered by `pr:<n>`, else null. */
export function pullRequestNumber(triggeredBy: string): number | null {
  const match = /^pr:(\d+)$/.exec(triggeredBy);
  return match ? Number(match[1]) : null;
}

export function runTitle(triggeredBy: string): string {
  const number = pullRequestNumber(triggeredBy);
  return number === null ? "Manual Policy Run" : `PR #${number}: Policy Evaluation`;
}

export function abbreviate(value: string | null | undefined, length: number): string {
  return value ? value.slice(0, length) : "";
}

/** The reason class of a run that evaluated nothing, in a few words; the run's message says more. */
const REASON_LABELS: Record<RunReasonCode, string> = {
  not_found: "Repository not found",
  auth_required: "Authentication required",
  refused_by_policy: "Refused by policy",
  timed_out: "Timed out",
  too_large: "Repository too large",
  unreachable: "Host unreachable",
  scan_error: "Scan error",
  abandoned: "Worker stopped",
  quota: "Scan quota reached",
};

export function runReasonLabel(code: RunReasonCode): string {
  return REASON_LABELS[code];
}

/** "Scan failed" or "Scan skipped" for a run that evaluated nothing. */
export function unevaluatedTitle(run: Pick<Run, "status">): string {
  return run.status === "skip" ? "Scan skipped" : "Scan failed";
}

/** "312 MB" for a scan's peak memory: whole mebibytes, or kilobytes below one. */
export function memoryLabel(bytes: number): string {
  const mebibytes = bytes / (1024 * 1024);
  if (mebibytes >= 1) return `${Math.round(mebibytes).toLocaleString("en-US")} MB`;
  return `${Math.round(bytes / 1024)} KB`;
}
