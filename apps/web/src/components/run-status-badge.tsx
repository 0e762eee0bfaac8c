// A policy run's status as the run itself records it (pass, fail, skip), never guessed.
import type { RunStatus } from "@rampart/contracts/runs";
import { Badge } from "./ui/badge";

const LABELS: Record<RunStatus, string> = { pass: "Passed", fail: "Failed", skip: "Skipped" };
const VARIANTS = { pass: "success", fail: "danger", skip: "muted" } as const;

export function RunStatusBadge({ status }: { status: RunStatus }) {
  return <Badge variant={VARIANTS[status]}>{LABELS[status]}</Badge>;
}
