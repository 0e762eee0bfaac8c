// Who may read or change a tenant. A tenant the user cannot see answers 404, never 403, so
// its existence is not disclosed; a tenant the user sees but may not change answers 403.
//
// Every tenant route names one permission:
// - `tenant`: the tenant's own record (its name and settings): everyone who sees it;
// - `evidence`: the reports an auditor may read (evidence, attestations, compliance, control and
//   posture summaries), for auditors only while the tenant's auditor access is on;
// - `read`: working data that may hold code (findings with snippets, SAST/SCA detail,
//   repositories, runs): never auditors;
// - `scan`, `write`, `admin`: changes; none on a closed tenant;
// - `discuss`: writing in an evidence request's thread: everyone who reads evidence (auditors while
//   auditor access is on), none on a closed tenant;
// - `audit`: what an auditor does besides reading (request evidence, draw a sample): auditors while
//   auditor access is on, and admins; none on a closed tenant.
import type { Role } from "@rampart/contracts/auth";
import { AppError, forbidden, notFound } from "../errors.ts";
import type { TenantRow, TenantsRepo } from "./tenants.repo.ts";

export interface TenantAccess {
  tenant: TenantRow;
  /** Never null since each user's demo organization is its own (kept nullable for callers' checks). */
  role: Role | null;
}

/** `scan` is `write`: kept apart so that a role may one day scan without other writes. */
export type Permission = "tenant" | "evidence" | "read" | "scan" | "write" | "admin" | "discuss" | "audit";

export const TENANT_NOT_FOUND = "Organization not found";
export const AUDITOR_ACCESS_OFF = "Auditor access to this organization is disabled";
export const AUDITOR_REPORTS_ONLY = "Auditors can read evidence and compliance reports only";
export const TENANT_CLOSED = "This organization is closed: nothing in it can be changed";

/** Auditors read evidence only while the tenant's auditor access is on; everyone else who sees it may. */
export function mayReadEvidence(access: TenantAccess): boolean {
  return access.role !== "auditor" || access.tenant.auditorAccessEnabled;
}

export function createTenantAccess(repo: TenantsRepo) {
  async function visible(tenantId: string, userId: string): Promise<TenantAccess> {
    const found = await repo.findVisible(tenantId, userId);
    if (!found?.role) throw notFound(TENANT_NOT_FOUND);
    // A user's own demo organization is removed once idle: each use keeps it (at most once a minute).
    if (found.tenant.isDemo) await repo.touchDemo(found.tenant);
    return { tenant: found.tenant, role: found.role };
  }

  return {
    async require(
      tenantId: string,
      userId: string,
      permission: Permission,
      options: { evenIfClosed?: boolean } = {},
    ): Promise<TenantAccess> {
      const access = await visible(tenantId, userId);
      if (permission === "tenant") return access;
      if (permission === "evidence" || permission === "discuss" || permission === "audit") {
        if (!mayReadEvidence(access)) throw forbidden(AUDITOR_ACCESS_OFF);
        if (permission === "evidence") return access;
        if (access.tenant.closedAt && !options.evenIfClosed) throw forbidden(TENANT_CLOSED);
        if (permission === "audit" && access.role === "member") {
          throw forbidden("Only an admin or an auditor of this organization can do this");
        }
        return access;
      }
      if (access.role === "auditor") {
        throw forbidden(permission === "read" ? AUDITOR_REPORTS_ONLY : "Auditors have read-only access");
      }
      if (permission === "read") return access;
      if (access.tenant.closedAt && !options.evenIfClosed) throw forbidden(TENANT_CLOSED);
      if (permission === "admin" && access.role !== "admin") {
        throw forbidden("Only an admin of this organization can do this");
      }
      return access;
    },

    /**
     * For a record found by its own id (a run, a finding, an attestation): the caller learns only
     * that the record does not exist when its tenant is not theirs; a 403 stays a 403.
     */
    async requireForRecord(
      tenantId: string,
      userId: string,
      permission: Permission,
      notFoundMessage: string,
    ): Promise<TenantAccess> {
      try {
        return await this.require(tenantId, userId, permission);
      } catch (error) {
        if (error instanceof AppError && error.status === 404) throw notFound(notFoundMessage);
        throw error;
      }
    },
  };
}

export type TenantAccessService = ReturnType<typeof createTenantAccess>;
