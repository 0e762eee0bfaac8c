// The audit log as the API shows it: who did what to which record, when, from where, with what
// result (GET /api/tenants/{tenantId}/audit-log), newest first and paged by cursor.
import { z } from "zod";
import { Id, Timestamp } from "./common.ts";

export const AuditResult = z.enum(["success", "denied", "failed"]);
export type AuditResult = z.infer<typeof AuditResult>;

export const AuditLogEntry = z.object({
  id: Id,
  /** Null for an instance-level event; sign-ins are listed under each organization of the user. */
  tenantId: Id.nullable(),
  /** Null when the request came without a session (a failed sign-in names the e-mail tried). */
  actor: z.object({ userId: Id.nullable(), email: z.string().nullable() }),
  action: z.string(),
  target: z.string().nullable(),
  method: z.string(),
  route: z.string(),
  statusCode: z.number().int(),
  result: AuditResult,
  clientAddress: z.string(),
  createdAt: Timestamp,
});
export type AuditLogEntry = z.infer<typeof AuditLogEntry>;

export const AUDIT_LOG_PAGE_SIZE = 50;

// PostgreSQL has no year 0, which ISO dates can name.
const Day = z.iso.date().refine((day) => day >= "1970-01-01", { error: "must be 1970-01-01 or later" });

export const AuditLogQuery = z.object({
  /** Part of the actor's e-mail, any case. */
  actor: z.string().trim().max(320).optional(),
  /** An action name or its beginning: `repository` finds `repository.create` and `repository.remove`. */
  action: z.string().trim().max(120).optional(),
  result: AuditResult.optional(),
  /** Days, both inclusive (UTC). */
  from: Day.optional(),
  to: Day.optional(),
  /** The previous page's `nextCursor`; opaque. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(AUDIT_LOG_PAGE_SIZE),
});
export type AuditLogQuery = z.infer<typeof AuditLogQuery>;

export const AuditLogPage = z.object({
  entries: z.array(AuditLogEntry),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type AuditLogPage = z.infer<typeof AuditLogPage>;
