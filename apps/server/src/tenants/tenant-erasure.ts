// Erasing a tenant: everything it holds goes, its evidence ledger included, and a signed deletion
// record in the instance's own log says what went, when, on whose word and what the ledger's head
// was, so that an auditor sees the history ended rather than vanished. The evidence tables refuse
// deletes to all but a ledger maintainer (migration 0032), so this runs on the maintenance
// connection (the owner's), which nothing else of a request touches.
import type { Database } from "@rampart/db/client";
import {
  attestations,
  auditLogEntries,
  containerImages,
  evidenceArtifacts,
  evidenceRequests,
  evidenceSubmissions,
  findings,
  invitations,
  ledgerCheckpoints,
  ledgerHeads,
  ledgerVerifications,
  memberships,
  policies,
  prSuggestions,
  repositories,
  scans,
  tenants,
} from "@rampart/db/schema";
import { desc, eq, sql } from "drizzle-orm";
import type { StoredFile } from "../evidence-store/evidence-store.ts";
import type { EvidenceFileCleanup } from "./evidence-file-cleanup.ts";
import type { InstanceLog, InstanceLogRow } from "./instance-log.ts";
import type { TenantRow } from "./tenants.repo.ts";

/** On whose word a tenant is erased: an admin who asked, or the retention period running out. */
export type ErasedBy =
  | { kind: "request"; userId: string; email: string }
  | { kind: "retention"; retentionDays: number };

/** What the deletion record counts, per kind: the tables with a tenant_id that matter to an auditor. */
const COUNTED = {
  ledgerEntries: evidenceArtifacts,
  checkpoints: ledgerCheckpoints,
  verifications: ledgerVerifications,
  auditLogEntries,
  members: memberships,
  invitations,
  repositories,
  runs: scans,
  findings,
  fixSuggestions: prSuggestions,
  containerImages,
  attestations,
  policies,
  evidenceRequests,
  evidenceFiles: evidenceSubmissions,
} as const;

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

async function countRows(tx: Transaction, tenantId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const [kind, table] of Object.entries(COUNTED)) {
    counts[kind] = await tx.$count(table, eq(table.tenantId, tenantId));
  }
  return counts;
}

export function createTenantErasure(deps: {
  /** The owner's connection: a member of rampart_ledger_maintainer. */
  maintenanceDb: Database;
  instanceLog: InstanceLog;
  evidenceFiles: EvidenceFileCleanup;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const db = deps.maintenanceDb;

  /**
   * Deletes the tenant (every tenant table cascades from it) and appends the deletion record in
   * the same transaction, so neither happens without the other. Its evidence files are removed
   * once that has committed; what fails to go is swept by the retention job.
   */
  async function erase(tenant: Pick<TenantRow, "id">, by: ErasedBy): Promise<InstanceLogRow | null> {
    const append = await deps.instanceLog.appender();
    const erasedAt = now();
    const outcome = await db.transaction(async (tx) => {
      // Locks the row, so two erasures of one tenant do not both write a record.
      const [row] = await tx.select().from(tenants).where(eq(tenants.id, tenant.id)).for("update");
      if (!row) return null;
      const [head] = await tx
        .select()
        .from(ledgerHeads)
        .where(eq(ledgerHeads.tenantId, row.id))
        .for("update");
      const [checkpoint] = await tx
        .select({ treeSize: ledgerCheckpoints.treeSize, note: ledgerCheckpoints.note })
        .from(ledgerCheckpoints)
        .where(eq(ledgerCheckpoints.tenantId, row.id))
        .orderBy(desc(ledgerCheckpoints.createdAt), desc(ledgerCheckpoints.treeSize))
        .limit(1);
      const deleted = await countRows(tx, row.id);
      const files: StoredFile[] = (
        await tx
          .selectDistinct({ storage: evidenceSubmissions.storage, key: evidenceSubmissions.storageKey })
          .from(evidenceSubmissions)
          .where(eq(evidenceSubmissions.tenantId, row.id))
      ).map(({ storage, key }) => ({ storage, key }));
      deleted.storedEvidenceFiles = files.length;

      await tx.execute(sql`select set_config('rampart.ledger_delete', 'on', true)`);
      await tx.delete(tenants).where(eq(tenants.id, row.id));
      const record = await append(tx, "tenant_erased", {
        type: "tenant_erased",
        tenant: {
          id: row.id,
          name: row.name,
          createdAt: row.createdAt.toISOString(),
          closedAt: row.closedAt?.toISOString() ?? null,
        },
        erasedBy: by.kind === "request" ? { userId: by.userId, email: by.email } : "retention policy",
        ...(by.kind === "retention" ? { retentionDays: by.retentionDays } : {}),
        erasedAt: erasedAt.toISOString(),
        deleted,
        ledger: head ? { length: head.length, headHash: head.headHash } : { length: 0, headHash: null },
        lastCheckpoint: checkpoint ? { treeSize: checkpoint.treeSize, note: checkpoint.note } : null,
      });
      return { record, files };
    });
    if (!outcome) return null;
    await deps.evidenceFiles.removeUnreferenced(outcome.files);
    return outcome.record;
  }

  return { erase };
}

export type TenantErasure = ReturnType<typeof createTenantErasure>;
