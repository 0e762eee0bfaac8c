// Queries of fix pull requests: a tenant's newest, page by page, the open count, the open one of a
// change or fixing a finding, the ones fixing a list of findings, and the per-tenant number counter.
import type { Database } from "@rampart/db/client";
import { prNumberCounters, prSuggestions } from "@rampart/db/schema";
import {
  and,
  arrayContains,
  arrayOverlaps,
  asc,
  desc,
  eq,
  gte,
  inArray,
  lt,
  or,
  type SQL,
  sql,
} from "drizzle-orm";

export type PrSuggestionRow = typeof prSuggestions.$inferSelect;
type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Executor = Database | Transaction;

/** The repository's newest open fix pull request that also matches `match`. */
async function newestOpen(
  executor: Executor,
  key: { tenantId: string; repositoryId: string },
  match: SQL,
): Promise<PrSuggestionRow | undefined> {
  const [row] = await executor
    .select()
    .from(prSuggestions)
    .where(
      and(
        eq(prSuggestions.tenantId, key.tenantId),
        eq(prSuggestions.repositoryId, key.repositoryId),
        eq(prSuggestions.state, "open"),
        match,
      ),
    )
    .orderBy(desc(prSuggestions.createdAt))
    .limit(1);
  return row;
}

export function createFixesRepo(db: Database) {
  return {
    /** The open pull request making this change (its fix key) in the repository, if one exists. */
    async openFor(
      executor: Executor,
      key: { tenantId: string; repositoryId: string; fixKey: string },
    ): Promise<PrSuggestionRow | undefined> {
      return newestOpen(executor, key, eq(prSuggestions.fixKey, key.fixKey));
    },

    /** The newest fix pull request with this number on the code host, in the repository. */
    async byHostNumber(
      tenantId: string,
      repositoryId: string,
      hostNumber: number,
    ): Promise<PrSuggestionRow | undefined> {
      const [row] = await db
        .select()
        .from(prSuggestions)
        .where(
          and(
            eq(prSuggestions.tenantId, tenantId),
            eq(prSuggestions.repositoryId, repositoryId),
            eq(prSuggestions.hostNumber, hostNumber),
          ),
        )
        .orderBy(desc(prSuggestions.createdAt))
        .limit(1);
      return row;
    },

    /** The pull request if it is still open, locked until the transaction ends. */
    async lockOpen(tx: Transaction, id: string): Promise<PrSuggestionRow | undefined> {
      const [row] = await tx
        .select()
        .from(prSuggestions)
        .where(and(eq(prSuggestions.id, id), eq(prSuggestions.state, "open")))
        .for("update");
      return row;
    },

    /** An open pull request of the repository that fixes the finding with this fingerprint. */
    async openFixing(
      executor: Executor,
      key: { tenantId: string; repositoryId: string; fingerprint: string },
    ): Promise<PrSuggestionRow | undefined> {
      return newestOpen(executor, key, arrayContains(prSuggestions.fixedFingerprints, [key.fingerprint]));
    },

    /** The open and merged pull requests that fix any of these findings (closed ones fixed nothing). */
    fixing: (tenantId: string, fingerprints: string[]) =>
      fingerprints.length === 0
        ? Promise.resolve([] as PrSuggestionRow[])
        : db
            .select()
            .from(prSuggestions)
            .where(
              and(
                eq(prSuggestions.tenantId, tenantId),
                inArray(prSuggestions.state, ["open", "merged"]),
                arrayOverlaps(prSuggestions.fixedFingerprints, fingerprints),
              ),
            )
            .orderBy(desc(prSuggestions.createdAt), desc(prSuggestions.number)),

    /**
     * The tenant's next pull request number. The upsert locks the tenant's counter row until the
     * transaction ends, so concurrent openings take turns and never share a number.
     */
    async nextNumber(tx: Transaction, tenantId: string): Promise<number> {
      const [row] = await tx
        .insert(prNumberCounters)
        .values({ tenantId, lastNumber: 1 })
        .onConflictDoUpdate({
          target: prNumberCounters.tenantId,
          set: { lastNumber: sql`${prNumberCounters.lastNumber} + 1` },
        })
        .returning({ lastNumber: prNumberCounters.lastNumber });
      return row!.lastNumber;
    },

    /**
     * The tenant's newest `limit`, newest first, after `after` (the last row of the previous page)
     * when given. The number is unique per tenant, so (created at, number) orders every row once.
     */
    list: (tenantId: string, limit: number, after?: { createdAt: Date; number: number }) =>
      db
        .select()
        .from(prSuggestions)
        .where(
          and(
            eq(prSuggestions.tenantId, tenantId),
            after
              ? or(
                  lt(prSuggestions.createdAt, after.createdAt),
                  and(eq(prSuggestions.createdAt, after.createdAt), lt(prSuggestions.number, after.number)),
                )
              : undefined,
          ),
        )
        .orderBy(desc(prSuggestions.createdAt), desc(prSuggestions.number))
        .limit(limit),

    /** Of the fix pull requests opened since `since`: how many were merged, how many are still open. */
    async activitySince(tenantId: string, since: Date): Promise<{ merged: number; pending: number }> {
      const [row] = await db
        .select({
          merged: sql<number>`(count(*) filter (where ${prSuggestions.state} = 'merged'))::int`,
          pending: sql<number>`(count(*) filter (where ${prSuggestions.state} = 'open'))::int`,
        })
        .from(prSuggestions)
        .where(and(eq(prSuggestions.tenantId, tenantId), gte(prSuggestions.createdAt, since)));
      return row ?? { merged: 0, pending: 0 };
    },

    async count(tenantId: string): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(prSuggestions)
        .where(eq(prSuggestions.tenantId, tenantId));
      return row?.count ?? 0;
    },

    openOfRepository: (tenantId: string, repositoryId: string) =>
      db
        .select()
        .from(prSuggestions)
        .where(
          and(
            eq(prSuggestions.tenantId, tenantId),
            eq(prSuggestions.repositoryId, repositoryId),
            eq(prSuggestions.state, "open"),
          ),
        )
        .orderBy(asc(prSuggestions.number)),

    ofRun: (tenantId: string, runId: string) =>
      db
        .select()
        .from(prSuggestions)
        .where(and(eq(prSuggestions.tenantId, tenantId), eq(prSuggestions.runId, runId)))
        .orderBy(desc(prSuggestions.createdAt), desc(prSuggestions.number)),

    async openCount(tenantId: string): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(prSuggestions)
        .where(and(eq(prSuggestions.tenantId, tenantId), eq(prSuggestions.state, "open")));
      return row?.count ?? 0;
    },
  };
}

export type FixesRepo = ReturnType<typeof createFixesRepo>;
