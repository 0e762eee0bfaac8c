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
}

export const NAV_ITEMS: readonly NavItem[] = [
  { label: "Dashboard", path: "/dashboard", icon: LayoutDashboard },
  { label: "Policy Runs", path: "/runs", icon: PlayCircle },
  { label: "Controls", path: "/controls", icon: ShieldCheck },
  { label: "Dependencies", path: "/dependencies", icon: Package },
  { label: "Code Findings", path: "/code-findings", icon: FileCode },
  { label: "Container Images", path: "/images", icon: Container },
  { label: "Compliance", path: "/compliance", icon: ClipboardCheck },
  { label: "Environments", path: "/environments", icon: Server },
  { label: "Risk Intelligence", path: "/risks", icon: TrendingUp },
  { label: "AI Advisor", path: "/ai-advisor", icon: Bot },
  { label: "PR Bot Activity", path: "/pr-bot", icon: GitPullRequest, live: true },
  { label: "Evidence Graph", path: "/evidence", icon: Waypoints },
];

/** Spec: an entry is active when the current path starts with its path. */
export function isNavItemActive(currentPath: string, itemPath: string): boolean {
  return currentPath.startsWith(itemPath);
}
