// Evidence files of erased tenants leave the evidence store. The store is content-addressed and
// shared by the whole instance, so a file goes only when no submission of any tenant still names
// it. A removal that fails is logged, and the retention job's daily sweep removes every stored
// file that nothing references, so a failure is retried rather than left behind.
import type { Database } from "@rampart/db/client";
import { evidenceSubmissions } from "@rampart/db/schema";
import { and, eq, inArray } from "drizzle-orm";
import type { EvidenceStore, StoredFile } from "../evidence-store/evidence-store.ts";

/**
 * A file written less than this long ago may belong to an upload whose submission is not yet
 * committed (the file is stored first): the sweep leaves it for the next day.
 */
export const SWEEP_GRACE_MS = 24 * 3_600_000;

/** How many listed files are checked against the submissions in one query. */
const SWEEP_BATCH = 500;

export interface CleanupLog {
  warn(details: object, message: string): void;
}

export function createEvidenceFileCleanup(deps: {
  /** Reads every tenant's submissions: the owner's connection, as the erasure that calls this. */
  maintenanceDb: Database;
  store: EvidenceStore;
  log: CleanupLog;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

  /** The keys among `keys` that some submission (of any tenant) still names. */
  async function referenced(keys: string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const rows = await deps.maintenanceDb
      .selectDistinct({ key: evidenceSubmissions.storageKey })
      .from(evidenceSubmissions)
      .where(
        and(
          eq(evidenceSubmissions.storage, deps.store.storage),
          inArray(evidenceSubmissions.storageKey, keys),
        ),
      );
    return new Set(rows.map((row) => row.key));
  }

  /** Removes what failed to go, with one warning per file; the count of failures. */
  async function removeEach(files: StoredFile[]): Promise<{ removed: number; failed: number }> {
    let removed = 0;
    let failed = 0;
    for (const file of files) {
      try {
        await deps.store.remove(file);
        removed += 1;
      } catch (error) {
        failed += 1;
        deps.log.warn(
          { key: file.key, err: error },
          "evidence file not removed from the store; the daily retention job retries",
        );
      }
    }
    return { removed, failed };
  }

  return {
    /** After an erasure: removes the erased tenant's files that no other tenant's submission names. */
    async removeUnreferenced(files: StoredFile[]) {
      const ours = files.filter((file) => file.storage === deps.store.storage);
      const kept = await referenced(ours.map((file) => file.key));
      return removeEach(ours.filter((file) => !kept.has(file.key)));
    },

    /** Removes every stored file older than the grace period that no submission names. */
    async sweep(): Promise<{ removed: number; failed: number }> {
      const cutoff = now().getTime() - SWEEP_GRACE_MS;
      const total = { removed: 0, failed: 0 };
      let batch: StoredFile[] = [];
      const flush = async () => {
        const kept = await referenced(batch.map((file) => file.key));
        const result = await removeEach(batch.filter((file) => !kept.has(file.key)));
        total.removed += result.removed;
        total.failed += result.failed;
        batch = [];
      };
      for await (const { file, modifiedAt } of deps.store.list()) {
        if (modifiedAt.getTime() > cutoff) continue;
        batch.push(file);
        if (batch.length >= SWEEP_BATCH) await flush();
      }
      await flush();
      return total;
    },
  };
}

export type EvidenceFileCleanup = ReturnType<typeof createEvidenceFileCleanup>;
