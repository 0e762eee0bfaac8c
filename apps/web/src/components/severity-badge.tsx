// A finding's or control's severity (critical, high, med, low) as a coloured badge.
import type { Severity } from "@rampart/contracts/common";
import { Badge } from "./ui/badge";

export const SEVERITY_LABELS: Record<Severity, string> = {
  critical: "Critical",
  high: "High",
  med: "Medium",
  low: "Low",
};

const VARIANTS = { critical: "danger", high: "warning", med: "default", low: "muted" } as const;

export function SeverityBadge({ severity }: { severity: Severity }) {
  return <Badge variant={VARIANTS[severity]}>{SEVERITY_LABELS[severity]}</Badge>;
}
