// The rows that list checks on the dashboard: a failed check or open finding that expands (one
// line for where, one for what, a severity badge, and a panel when open) and a passed check (a
// tick, where and what). The Control Detail modal and Active Findings both use them, so a check
// reads the same in each.
import type { Severity } from "@rampart/contracts/common";
import type { Finding } from "@rampart/contracts/runs";
import { ChevronDown, ChevronRight } from "lucide-react";
import { type ReactNode, useId } from "react";
import { SeverityBadge } from "../../components/severity-badge";

export function findingLocation(finding: Pick<Finding, "filePath" | "line">): string {
  if (!finding.filePath) return "Repository-wide check";
  return finding.line ? `${finding.filePath}:${finding.line}` : finding.filePath;
}

/**
 * Where (monospace, breaking anywhere a path must) and what, stacked: side by side, a long message
 * squeezed the location to a few characters and broke it mid-word. `lead` says which comes first.
 */
function CheckSummary({
  where,
  what,
  lead = "where",
}: {
  where: string;
  what: string;
  lead?: "where" | "what";
}) {
  const whereLine = <span className="block wrap-break-word font-mono text-xs">{where}</span>;
  return lead === "where" ? (
    <span className="min-w-0">
      {whereLine}
      <span className="block text-muted-foreground">{what}</span>
    </span>
  ) : (
    <span className="min-w-0">
      <span className="block font-medium">{what}</span>
      <span className="block wrap-break-word font-mono text-xs text-muted-foreground">{where}</span>
    </span>
  );
}

/** A failed check or open finding; its details show below it while it is open. */
export function ExpandableCheckRow({
  where,
  what,
  lead,
  severity,
  open,
  onToggle,
  children,
}: {
  where: string;
  what: string;
  lead?: "where" | "what";
  severity?: Severity;
  open: boolean;
  onToggle: () => void;
  /** The panel shown while open. */
  children: ReactNode;
}) {
  const panelId = useId();
  return (
    <li className="rounded-md border border-border">
      <div className="flex items-start gap-3 p-3">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={onToggle}
          className="flex min-w-0 flex-1 items-start gap-2 text-left text-sm focus-visible:outline-2 focus-visible:outline-ring"
        >
          {open ? (
            <ChevronDown className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          ) : (
            <ChevronRight className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          )}
          <CheckSummary where={where} what={what} lead={lead} />
        </button>
        {severity ? <SeverityBadge severity={severity} /> : null}
      </div>
      {open ? (
        <div id={panelId} className="border-t border-border">
          {children}
        </div>
      ) : null}
    </li>
  );
}

export function PassedCheckRow({ where, what }: { where: string; what: string }) {
  return (
    <li className="flex gap-2 text-sm">
      <span className="text-success" aria-hidden="true">
        ✓
      </span>
      <CheckSummary where={where} what={what} />
    </li>
  );
}
