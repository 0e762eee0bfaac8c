// The audit log section of an evidence export: the period's audit entries (who did what, when,
// from where, with what result) beside the ledger's chain. It is not part of the chain; its hash
// is an extension line of the export's signed checkpoint, so the signature covers it.
import { z } from "zod";
import { canonicalBytes } from "./canonical-json.ts";
import { sha256Hex } from "./hash.ts";

export const AUDIT_LOG_FORMAT = "rampart-audit-log";

export const AuditLogSectionSchema = z.strictObject({
  format: z.literal(AUDIT_LOG_FORMAT),
  /** The period's days as asked for, both inclusive (UTC). */
  from: z.string(),
  to: z.string(),
  /** Entries of the period in all: more than `entries` holds when the export was capped. */
  total: z.number().int().nonnegative(),
  /** Oldest first. */
  entries: z.array(z.json()),
});

export type AuditLogSection = z.infer<typeof AuditLogSectionSchema>;

/** SHA-256 (hex) of the section's RFC 8785 canonical JSON: what the checkpoint's line names. */
export function auditLogHash(section: AuditLogSection): string {
  return sha256Hex(canonicalBytes(section));
}
