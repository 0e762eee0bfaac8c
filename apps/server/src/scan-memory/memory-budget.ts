// How much memory this process's repository scans may hold at once. Each scan reserves its
// estimate (memory-estimate.ts) before it starts and gives it back when it ends, whatever the
// outcome; a scan whose estimate does not fit waits in the queue. One scan may always run, even
// over the budget, or a repository larger than the budget would never be scanned.

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

export interface ScanMemoryBudget {
  /**
   * Reserves `estimateBytes` when it fits in what is left, or when no scan runs; undefined
   * otherwise. `force` reserves it anyway: a scan run directly (the demo seed), not from the queue.
   */
  tryAcquire(estimateBytes: number, options?: { force?: boolean }): ScanMemoryLease | undefined;
  usage(): ScanMemoryUsage;
}

export function createScanMemoryBudget(budgetBytes: number): ScanMemoryBudget {
  if (!Number.isFinite(budgetBytes) || budgetBytes <= 0)
    throw new Error("the scan memory budget must be positive");
  let reservedBytes = 0;
  let runningScans = 0;
  return {
    tryAcquire(estimateBytes, options = {}) {
      const estimate = Math.max(0, Math.ceil(estimateBytes));
      const fits = runningScans === 0 || reservedBytes + estimate <= budgetBytes;
      if (!fits && !options.force) return undefined;
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
