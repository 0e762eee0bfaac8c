// GET /api/tenants/{tenantId}/audit-log: the tenant's audit entries, newest first, filtered and
// paged by cursor. Admins read it, and auditors while the tenant's auditor access is on.
import { AuditLogPage, AuditLogQuery } from "@rampart/contracts/audit";
import { ErrorBody } from "@rampart/contracts/common";
import { TenantParams } from "@rampart/contracts/tenants";
import type { onRequestAsyncHookHandler } from "fastify";
import { currentUser } from "../auth/authenticate.ts";
import { AppError, forbidden } from "../errors.ts";
import { decodeCursor, encodeCursor } from "../http/page-cursor.ts";
import type { App } from "../http/types.ts";
import type { TenantAccess, TenantAccessService } from "../tenants/tenant-access.ts";
import { type AuditRepo, toAuditLogEntry } from "./audit.repo.ts";
import { isUuid } from "./audit-actions.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** Admins always; auditors only while auditor access is on; members and demo visitors never. */
export function mayReadAuditLog(access: TenantAccess): boolean {
  if (access.role === "admin") return true;
  return access.role === "auditor" && access.tenant.auditorAccessEnabled;
}

export function registerAuditRoutes(
  app: App,
  deps: { repo: AuditRepo; access: TenantAccessService; authenticate: onRequestAsyncHookHandler },
) {
  app.get(
    "/api/tenants/:tenantId/audit-log",
    {
      onRequest: deps.authenticate,
      schema: {
        tags: ["audit"],
        params: TenantParams,
        querystring: AuditLogQuery,
        response: { 200: AuditLogPage, ...errors },
      },
    },
    async (request) => {
      const { tenantId } = request.params;
      const access = await deps.access.require(tenantId, currentUser(request).id, "tenant");
      if (!mayReadAuditLog(access)) {
        throw forbidden(
          "Only admins, and auditors while auditor access is on, can read this organization's audit log",
        );
      }
      const { cursor: rawCursor, ...query } = request.query;
      const cursor = rawCursor
        ? decodeCursor(rawCursor, (raw) => (isUuid(raw) ? raw : undefined))
        : undefined;
      if (rawCursor && !cursor)
        throw new AppError("bad_request", "querystring.cursor: not a cursor of this list");
      if (query.from && query.to && query.from > query.to)
        throw new AppError("bad_request", "querystring.from: must not be after to");
      const page = await deps.repo.page(
        tenantId,
        query,
        cursor && { createdAt: cursor.createdAt, id: cursor.key },
      );
      const last = page.rows.at(-1);
      return {
        entries: page.rows.map(toAuditLogEntry),
        nextCursor: page.more && last ? encodeCursor(last.createdAt, last.id) : null,
      };
    },
  );
}
