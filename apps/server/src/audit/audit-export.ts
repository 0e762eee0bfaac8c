// The audit log section of an evidence export: the period's entries of the tenant, oldest first,
// capped so an export stays a size a browser and `rampart verify` can handle; the section says how
// many entries the period had, so a capped export is visibly incomplete.
import { AUDIT_LOG_FORMAT, type AuditLogSection } from "@rampart/ledger";
import { type AuditRepo, toAuditLogEntry } from "./audit.repo.ts";

export const AUDIT_EXPORT_LIMIT = 10_000;

export async function auditLogSection(
  repo: Pick<AuditRepo, "between" | "countBetween">,
  tenantId: string,
  period: { from: string; to: string },
  limit = AUDIT_EXPORT_LIMIT,
): Promise<AuditLogSection> {
  const start = new Date(`${period.from}T00:00:00.000Z`);
  const until = new Date(`${period.to}T23:59:59.999Z`);
  const rows = await repo.between(tenantId, start, until, limit + 1);
  const total = rows.length > limit ? await repo.countBetween(tenantId, start, until) : rows.length;
  return {
    format: AUDIT_LOG_FORMAT,
    from: period.from,
    to: period.to,
    total,
    entries: rows.slice(0, limit).map(toAuditLogEntry),
  };
}
