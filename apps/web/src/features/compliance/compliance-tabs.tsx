// The sections of /compliance as links (the spec fixes the sidebar, so the compliance program's
// screens are tabs here). The evidence tab carries the count of the caller's reminders.
import { Link } from "wouter";
import { cn } from "../../lib/cn";
import { useEvidenceReminders } from "./api/get-evidence-requests";

export type ComplianceSection = "overview" | "evidence" | "policies" | "audit";

export const SECTIONS: readonly { section: ComplianceSection; label: string; path: string }[] = [
  { section: "overview", label: "Overview", path: "/compliance" },
  { section: "evidence", label: "Evidence requests", path: "/compliance/evidence" },
  { section: "policies", label: "Policies", path: "/compliance/policies" },
  { section: "audit", label: "Audit", path: "/compliance/audit" },
];

export function ComplianceTabs({
  current,
  tenantId,
}: {
  current: ComplianceSection;
  tenantId: string | null;
}) {
  const reminders = useEvidenceReminders(tenantId);
  const reminderCount = (reminders.data?.overdue.length ?? 0) + (reminders.data?.atRisk.length ?? 0);
  return (
    <nav aria-label="Compliance sections" className="flex flex-wrap gap-1 rounded-md bg-muted p-1 self-start">
      {SECTIONS.map(({ section, label, path }) => (
        <Link
          key={section}
          href={path}
          aria-current={section === current ? "page" : undefined}
          className={cn(
            "inline-flex h-7 items-center gap-1.5 rounded-sm px-3 text-sm font-medium text-muted-foreground hover:text-foreground",
            section === current && "bg-elevated text-foreground",
          )}
        >
          {label}
          {section === "evidence" && reminderCount > 0 ? (
            <span className="rounded-full bg-warning px-1.5 text-xs leading-5 font-semibold text-background">
              {reminderCount}
              <span className="sr-only"> reminders</span>
            </span>
          ) : null}
        </Link>
      ))}
    </nav>
  );
}
