// Whether the user may dismiss (waive) a finding in this organization, as the server decides it
// (waivers.service.ts): an admin accepts risk alone; under four-eyes approval anyone but an
// auditor may request it and another person approves; otherwise members cannot.
import type { Tenant } from "@rampart/contracts/tenants";

export type DismissAvailability =
  | { available: true; needsApproval: boolean }
  | { available: false; reason: string };

export const ADMIN_ACCEPTS_RISK = "Accepting risk needs an admin of this organization";

export function dismissAvailability(
  tenant: Pick<Tenant, "role" | "fourEyesWaivers"> | null,
): DismissAvailability {
  const role = tenant?.role ?? null;
  if (role === null)
    return { available: false, reason: "Only members of this organization can dismiss findings" };
  if (role === "auditor") return { available: false, reason: "Auditors have read-only access" };
  if (tenant?.fourEyesWaivers) return { available: true, needsApproval: true };
  return role === "admin"
    ? { available: true, needsApproval: false }
    : { available: false, reason: ADMIN_ACCEPTS_RISK };
}
