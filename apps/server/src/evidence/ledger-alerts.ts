// Alerts on a tenant's evidence ledger: its history was rewritten, a witness saw a fork, or a link
// of the chain broke. Raising one leaves four traces (an alert row, an entry in the tenant's audit
// log, an error line in the server log, and the verification row its caller writes), and while a
// tenant has one nothing more is signed over its chain: a signature would vouch for whatever the
// database now holds.
import type { Database } from "@rampart/db/client";
import { auditLogEntries, type LEDGER_ALERT_KINDS, ledgerAlerts } from "@rampart/db/schema";
import { and, desc, eq, inArray } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { AppError } from "../errors.ts";

export type LedgerAlertKind = (typeof LEDGER_ALERT_KINDS)[number];
export type LedgerAlertRow = typeof ledgerAlerts.$inferSelect;

export interface NewLedgerAlert {
  kind: LedgerAlertKind;
  /** What failed, in words an operator and an auditor understand. */
  message: string;
  checkpointId?: string;
  treeSize?: number;
}

/** The words every refusal starts with, so that a user sees why nothing was signed. */
export const LEDGER_FAILED_VERIFICATION =
  "The evidence ledger failed verification; nothing is signed over it until an operator has investigated";

/** How alerts show in the audit log: a system event, not a request. */
const AUDIT_ACTION = "ledger.alert";

/** Most open alerts listed at once (the settings drawer). */
const ALERTS_LISTED = 20;

export function createLedgerAlerts(deps: { db: Database; logger?: FastifyBaseLogger; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function openOf(tenantId: string): Promise<LedgerAlertRow[]> {
    return db
      .select()
      .from(ledgerAlerts)
      .where(eq(ledgerAlerts.tenantId, tenantId))
      .orderBy(desc(ledgerAlerts.detectedAt))
      .limit(ALERTS_LISTED);
  }

  return {
    /**
     * Records `alert` unless the same one (kind, message) is already open, so that the hourly
     * check does not add a row an hour for one problem. Returns the alert that stands.
     */
    async raise(tenantId: string, alert: NewLedgerAlert): Promise<LedgerAlertRow> {
      const [existing] = await db
        .select()
        .from(ledgerAlerts)
        .where(
          and(
            eq(ledgerAlerts.tenantId, tenantId),
            eq(ledgerAlerts.kind, alert.kind),
            eq(ledgerAlerts.message, alert.message),
          ),
        )
        .limit(1);
      if (existing) return existing;
      const detectedAt = now();
      const row = await db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(ledgerAlerts)
          .values({
            tenantId,
            kind: alert.kind,
            message: alert.message,
            checkpointId: alert.checkpointId ?? null,
            treeSize: alert.treeSize ?? null,
            detectedAt,
          })
          .returning();
        await tx.insert(auditLogEntries).values({
          tenantId,
          actorUserId: null,
          actorEmail: null,
          action: AUDIT_ACTION,
          target: inserted!.id,
          method: "SYSTEM",
          route: `ledger ${alert.kind}: ${alert.message}`.slice(0, 300),
          statusCode: 500,
          result: "failed",
          clientAddress: "server",
          createdAt: detectedAt,
        });
        return inserted!;
      });
      deps.logger?.error(
        { tenantId, alertId: row.id, kind: row.kind, treeSize: row.treeSize },
        `ALERT: evidence ledger ${row.kind}: ${row.message}`,
      );
      return row;
    },

    /** The tenant's alerts, newest first. None is ever closed by the application. */
    open: openOf,

    /** The open alerts of several tenants (the settings drawer lists the caller's). */
    async openOfTenants(tenantIds: readonly string[]): Promise<LedgerAlertRow[]> {
      if (tenantIds.length === 0) return [];
      return db
        .select()
        .from(ledgerAlerts)
        .where(inArray(ledgerAlerts.tenantId, [...tenantIds]))
        .orderBy(desc(ledgerAlerts.detectedAt))
        .limit(ALERTS_LISTED);
    },

    /** @throws AppError 409 while the tenant has an open alert: nothing may be signed over its chain. */
    async requireIntact(tenantId: string): Promise<void> {
      const [alert] = await openOf(tenantId);
      if (alert)
        throw new AppError("conflict", `${LEDGER_FAILED_VERIFICATION} (${alert.kind}: ${alert.message})`);
    },
  };
}

export type LedgerAlerts = ReturnType<typeof createLedgerAlerts>;
