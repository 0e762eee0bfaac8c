// Writes audit entries after the response has gone: it resolves which tenants an event belongs to
// and appends the rows. A failure is logged, never thrown: recording must not break a request.
import { withDatabaseContext } from "@rampart/db/context";
import { postgresErrorCode } from "@rampart/db/errors";
import type { AuditRepo, NewAuditLogRow } from "./audit.repo.ts";
import { auditResult } from "./audit-actions.ts";

/** Actions about a user rather than one organization: listed in each of the user's organizations. */
const ACCOUNT_ACTIONS = new Set(["auth.sign-in", "auth.sign-out", "auth.register"]);

export interface AuditEvent {
  action: string;
  method: string;
  route: string;
  statusCode: number;
  clientAddress: string;
  at: Date;
  target: string | null;
  /** The signed-in user, or the user a sign-in answered with; an API token has no user id. */
  user?: { id: string | null; email: string };
  /** The e-mail a sign-in or registration tried, when no user is known. */
  attemptedEmail?: string | null;
  /** The tenant access resolved for the request. */
  resolvedTenantId?: string;
  /** A tenant the request named (path, query or body) that access never resolved. */
  namedTenantId?: string;
  /** The id the response created: the tenant itself for a new organization. */
  createdId?: string;
}

export interface AuditLogger {
  error(object: object, message: string): void;
}

export function createAuditLogService(deps: { repo: AuditRepo; logger?: AuditLogger }) {
  const { repo } = deps;
  const pending = new Set<Promise<void>>();

  /** The tenants an event is listed under; [null] for an instance-level event. */
  async function tenantsOf(event: AuditEvent): Promise<(string | null)[]> {
    if (ACCOUNT_ACTIONS.has(event.action)) {
      // A failed sign-in is shown to the organizations of the account it tried, so their admins
      // see attempts on their members; an unknown e-mail stays instance-level.
      const userId =
        event.user?.id ?? (event.attemptedEmail ? await repo.userIdByEmail(event.attemptedEmail) : undefined);
      const tenants = userId ? await repo.tenantsOf(userId) : [];
      return tenants.length > 0 ? tenants : [null];
    }
    if (event.resolvedTenantId) return [event.resolvedTenantId];
    // Refused before access ran (a body that failed validation), or a new organization: the
    // tenant named or created if the caller belongs to it, never a tenant they cannot see.
    for (const candidate of [event.namedTenantId, event.createdId]) {
      if (candidate && event.user?.id && (await repo.isMember(event.user.id, candidate))) return [candidate];
    }
    return [null];
  }

  async function write(event: AuditEvent) {
    const tenants = await tenantsOf(event);
    const row = (tenantId: string | null): NewAuditLogRow => ({
      tenantId,
      actorUserId: event.user?.id ?? null,
      actorEmail: event.user?.email ?? event.attemptedEmail ?? null,
      action: event.action,
      target: event.target,
      method: event.method,
      route: event.route.slice(0, 300),
      statusCode: event.statusCode,
      result: auditResult(event.statusCode),
      clientAddress: event.clientAddress.slice(0, 64),
      createdAt: event.at,
    });
    try {
      await repo.insert(tenants.map(row));
    } catch (error) {
      // The request removed its own tenant (or a membership went away meanwhile): keep the entry
      // at instance level rather than lose it.
      if (postgresErrorCode(error) !== "23503") throw error;
      await repo.insert([row(null)]);
    }
  }

  return {
    /** Records `event` in the background; a failure goes to `logger`. */
    record(event: AuditEvent, logger: AuditLogger | undefined = deps.logger): void {
      // Recording is the instance's own bookkeeping, not the caller reading tenant data: a failed
      // sign-in has no user, and an entry may belong to no tenant, which row-level security hides.
      const done: Promise<void> = withDatabaseContext({ kind: "system" }, () => write(event))
        .catch((error: unknown) => {
          logger?.error({ err: error, action: event.action }, "audit log entry not recorded");
        })
        .finally(() => pending.delete(done));
      pending.add(done);
    },

    /** Resolves once every entry recorded so far is written (tests, and shutdown). */
    async settled(): Promise<void> {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}

export type AuditLogService = ReturnType<typeof createAuditLogService>;
