// How much memory this process's repository scans may hold at once. Each scan reserves its
// estimate (memory-estimate.ts) before it starts and gives it back when it ends, whatever the
// outcome; a scan whose estimate does not fit waits in the queue. One scan may always run, even
// over the budget, or a repository larger than the budget would never be scanned. A large scan
// that has waited long enough claims the next memory to be freed: newer scans that would fit no
// longer jump ahead of it, or a stream of small scans could keep it waiting for ever.

/** How long a scan waits before it claims the memory; every retry of the claimant renews it. */
export const CLAIM_AFTER_MS = 60_000;
/** A claim not renewed for this long is dropped: its scan was deleted or went to another worker. */
export const CLAIM_EXPIRES_MS = 60_000;

export interface ScanMemoryLease {
  readonly estimateBytes: number;
  /** Gives the reservation back; a second call does nothing. */
  release(): void;
}

export interface ScanMemoryUsage {
  budgetBytes: number;
  /** The estimates of the scans running now; above the budget only while one scan runs alone. */
  reservedBytes: number;
  runningScans: number;
}

/** Who asks, for a scan from the queue: its id and when it first found no room (epoch ms). */
export interface ScanMemoryRequester {
  scanId: string;
  waitingSince?: number;
}

export interface ScanMemoryBudget {
  /**
   * Reserves `estimateBytes` when it fits in what is left, or when no scan runs, and no other
   * scan has claimed the memory; undefined otherwise. `force` reserves it anyway: a scan run
   * directly (the demo seed), not from the queue.
   */
  tryAcquire(
    estimateBytes: number,
    options?: { force?: boolean; requester?: ScanMemoryRequester },
  ): ScanMemoryLease | undefined;
  usage(): ScanMemoryUsage;
}

export function createScanMemoryBudget(
  budgetBytes: number,
  clock: () => number = Date.now,
): ScanMemoryBudget {
  if (!Number.isFinite(budgetBytes) || budgetBytes <= 0)
    throw new Error("the scan memory budget must be positive");
  let reservedBytes = 0;
  let runningScans = 0;
  let claim: { scanId: string; renewedAt: number } | undefined;
  return {
    tryAcquire(estimateBytes, options = {}) {
      const estimate = Math.max(0, Math.ceil(estimateBytes));
      const now = clock();
      const { requester, force } = options;
      if (claim && now - claim.renewedAt > CLAIM_EXPIRES_MS) claim = undefined;
      const isClaimant = requester !== undefined && claim?.scanId === requester.scanId;
      if (isClaimant) claim!.renewedAt = now;
      const fits = runningScans === 0 || reservedBytes + estimate <= budgetBytes;
      const claimedByAnother = claim !== undefined && !isClaimant;
      if (!force && (!fits || claimedByAnother)) {
        const waitedLong =
          requester?.waitingSince !== undefined && now - requester.waitingSince >= CLAIM_AFTER_MS;
        if (!claim && waitedLong) claim = { scanId: requester!.scanId, renewedAt: now };
        return undefined;
      }
      if (isClaimant) claim = undefined;
      reservedBytes += estimate;
      runningScans += 1;
      let released = false;
      return {
        estimateBytes: estimate,
        release() {
          if (released) return;
          released = true;
          reservedBytes = Math.max(0, reservedBytes - estimate);
          runningScans = Math.max(0, runningScans - 1);
        },
      };
    },
    usage: () => ({ budgetBytes, reservedBytes, runningScans }),
  };
}

/**
 * The default budget: half the memory this process may use, which is the container's limit
 * (cgroup `memory.max`, as `process.constrainedMemory()` reads it) when there is one below the
 * machine's memory, else the machine's. The other half is for the server itself (about 0.5 GB)
 * and what the estimates miss.
 */
export function defaultScanMemoryBudgetBytes(memory: {
  constrained: number | undefined;
  total: number;
}): number {
  const { constrained, total } = memory;
  // Node reports no limit as 0 or as 2^64 depending on the version.
  const limit = constrained !== undefined && constrained > 0 && constrained < total ? constrained : total;
  return Math.floor(limit / 2);
}
