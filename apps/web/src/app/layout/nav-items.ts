// The sidebar's navigation entries, in the spec's order (part 1, Application shell).
import {
  Bot,
  ClipboardCheck,
  Container,
  FileCode,
  GitPullRequest,
  LayoutDashboard,
  type LucideIcon,
  Package,
  PlayCircle,
  Server,
  ShieldCheck,
  TrendingUp,
  Waypoints,
} from "lucide-react";

export interface NavItem {
  label: string;
  path: string;
  icon: LucideIcon;
  /** PR Bot Activity carries a pulsing dot: the bot works continuously. */
  live?: boolean;
  /** An evidence or compliance report, which an auditor reads while auditor access is on. */
  report?: boolean;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { label: "Dashboard", path: "/dashboard", icon: LayoutDashboard },
  { label: "Policy Runs", path: "/runs", icon: PlayCircle },
  { label: "Controls", path: "/controls", icon: ShieldCheck },
  { label: "Dependencies", path: "/dependencies", icon: Package },
  { label: "Code Findings", path: "/code-findings", icon: FileCode },
  { label: "Container Images", path: "/images", icon: Container },
  { label: "Compliance", path: "/compliance", icon: ClipboardCheck, report: true },
  { label: "Environments", path: "/environments", icon: Server },
  { label: "Risk Intelligence", path: "/risks", icon: TrendingUp },
  { label: "AI Advisor", path: "/ai-advisor", icon: Bot },
  { label: "PR Bot Activity", path: "/pr-bot", icon: GitPullRequest, live: true },
  { label: "Evidence Graph", path: "/evidence", icon: Waypoints, report: true },
];

/** Paths outside the sidebar that an auditor may open while auditor access is on. */
const AUDITOR_EXTRA_PATHS = ["/attestations", "/tenants", "/members"];

/** What the caller's role lets them read: auditors see reports only, and none while access is off. */
export function canOpen(path: string, tenant: { role: string | null; auditorAccessEnabled: boolean } | null) {
  if (tenant?.role !== "auditor") return true;
  if (path.startsWith("/tenants") || path.startsWith("/members")) return true;
  if (!tenant.auditorAccessEnabled) return false;
  return (
    NAV_ITEMS.some((item) => item.report && path.startsWith(item.path)) ||
    AUDITOR_EXTRA_PATHS.some((extra) => path.startsWith(extra))
  );
}

/** The sidebar's entries for the current tenant: auditors see only what they can read. */
export function visibleNavItems(tenant: { role: string | null; auditorAccessEnabled: boolean } | null) {
  return NAV_ITEMS.filter((item) => canOpen(item.path, tenant));
}

/** Spec: an entry is active when the current path starts with its path. */
export function isNavItemActive(currentPath: string, itemPath: string): boolean {
  return currentPath.startsWith(itemPath);
}
