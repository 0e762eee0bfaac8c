// An environment's drift state (spec: 'In Sync' or 'Drift Detected'); an environment never synced,
// or whose last sync failed, is neither, and says so rather than claim to be in sync.
import type { DriftState } from "@rampart/contracts/environments";
import { CircleAlert, CircleCheck, CircleHelp } from "lucide-react";
import { cn } from "../lib/cn";
import { Badge } from "./ui/badge";

export const DRIFT_STATE_LABELS: Record<DriftState, string> = {
  in_sync: "In Sync",
  drift_detected: "Drift Detected",
  unknown: "Not Synced",
};

const VARIANTS = { in_sync: "success", drift_detected: "danger", unknown: "muted" } as const;

export function DriftStateBadge({ state }: { state: DriftState }) {
  return <Badge variant={VARIANTS[state]}>{DRIFT_STATE_LABELS[state]}</Badge>;
}

const ICONS = { in_sync: CircleCheck, drift_detected: CircleAlert, unknown: CircleHelp } as const;
const ICON_COLOURS = {
  in_sync: "text-success",
  drift_detected: "text-danger",
  unknown: "text-subtle-foreground",
} as const;

/** The state as an icon with its label for screen readers: the sidebar's compact form. */
export function DriftStateIcon({ state, className }: { state: DriftState; className?: string }) {
  const Icon = ICONS[state];
  return (
    <Icon
      role="img"
      aria-label={DRIFT_STATE_LABELS[state]}
      className={cn("size-4 shrink-0", ICON_COLOURS[state], className)}
    />
  );
}
