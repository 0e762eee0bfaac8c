// What the caller's role in the tenant lets them do on the compliance pages. The server decides;
// this only hides actions that would be refused. The demo tenant (no role) is read-only.
import type { Role } from "@rampart/contracts/auth";

export interface ComplianceAbilities {
  role: Role | null;
  /** Upload evidence, edit owners and due dates, adopt and draft policies, acknowledge them. */
  canWrite: boolean;
  /** Review evidence, approve policy versions, import and map custom frameworks. */
  isAdmin: boolean;
  /** Request evidence and draw samples: admins and auditors. */
  canAudit: boolean;
  /** Comment on an evidence request: everyone who reads it. */
  canDiscuss: boolean;
}

const ABILITIES: Record<Role, Omit<ComplianceAbilities, "role">> = {
  admin: { canWrite: true, isAdmin: true, canAudit: true, canDiscuss: true },
  member: { canWrite: true, isAdmin: false, canAudit: false, canDiscuss: true },
  auditor: { canWrite: false, isAdmin: false, canAudit: true, canDiscuss: true },
};

const READ_ONLY = { canWrite: false, isAdmin: false, canAudit: false, canDiscuss: false };

export function complianceAbilities(role: Role | null | undefined): ComplianceAbilities {
  return { role: role ?? null, ...(role ? ABILITIES[role] : READ_ONLY) };
}
