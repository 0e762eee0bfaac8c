// The tenant a request turned out to act on, as tenant access resolved it: routes that address a
// record by its own id (a run, an attestation) name no tenant, but their access check does. The
// recorder reads it after the response; the wrapper of the access service writes it.
import { AsyncLocalStorage } from "node:async_hooks";
import { AppError } from "../errors.ts";
import type { TenantAccessService } from "../tenants/tenant-access.ts";

export interface AuditContext {
  /** The first tenant the caller was found to see (allowed, or refused with 403). */
  tenantId?: string;
  /** The id a 201 response created, e.g. a new repository's or tenant's. */
  createdId?: string;
  /** The user a 2xx sign-in or registration answered with. */
  signedInUserId?: string;
  /**
   * Who acted, where the request had no session: an account created from an invitation link, or
   * an API token (no user id; its name in place of the e-mail).
   */
  actor?: { id: string | null; email: string };
}

export const auditContextStorage = new AsyncLocalStorage<AuditContext>();

/** Notes who acted on a request that came without a session. */
export function noteActor(actor: { id: string; email: string }) {
  const context = auditContextStorage.getStore();
  if (context) context.actor = actor;
}

/** Notes the tenant a request acted on where no access check names it (joining by an invitation link). */
export function noteTenant(tenantId: string) {
  const context = auditContextStorage.getStore();
  if (context && context.tenantId === undefined) context.tenantId = tenantId;
}

/**
 * The access service, noting each tenant the caller may see. A 404 notes nothing: a tenant the
 * caller cannot see must not get their probe in its log (nor learn who probed it).
 */
export function auditedTenantAccess(access: TenantAccessService): TenantAccessService {
  const noting = async <T extends { tenant: { id: string } }>(tenantId: string, check: () => Promise<T>) => {
    try {
      const granted = await check();
      noteTenant(granted.tenant.id);
      return granted;
    } catch (error) {
      if (error instanceof AppError && error.status === 403) noteTenant(tenantId);
      throw error;
    }
  };
  return {
    ...access,
    require: (tenantId, userId, permission, options) =>
      noting(tenantId, () => access.require(tenantId, userId, permission, options)),
    requireForRecord: (tenantId, userId, permission, notFoundMessage) =>
      noting(tenantId, () => access.requireForRecord(tenantId, userId, permission, notFoundMessage)),
  };
}
