import { describe, expect, it } from "vitest";
import { createScanMemoryBudget, defaultScanMemoryBudgetBytes } from "./memory-budget.ts";

const MB = 1024 * 1024;

describe("the scan memory budget", () => {
  it("reserves estimates while they fit and refuses one that does not", () => {
    const budget = createScanMemoryBudget(100 * MB);
    const first = budget.tryAcquire(60 * MB);
    const second = budget.tryAcquire(40 * MB);
    expect(first?.estimateBytes).toBe(60 * MB);
    expect(second).toBeDefined();
    expect(budget.tryAcquire(1)).toBeUndefined();
    expect(budget.usage()).toEqual({ budgetBytes: 100 * MB, reservedBytes: 100 * MB, runningScans: 2 });
    second!.release();
    expect(budget.tryAcquire(50 * MB)).toBeUndefined();
    expect(budget.tryAcquire(40 * MB)).toBeDefined();
  });

  it("always lets one scan run, however large its estimate", () => {
    const budget = createScanMemoryBudget(10 * MB);
    const alone = budget.tryAcquire(500 * MB);
    expect(alone).toBeDefined();
    expect(budget.usage()).toMatchObject({ reservedBytes: 500 * MB, runningScans: 1 });
    // a second one, even a small one, waits for it
    expect(budget.tryAcquire(1 * MB)).toBeUndefined();
    alone!.release();
    expect(budget.tryAcquire(1 * MB)).toBeDefined();
  });

  it("gives a reservation back once, so releasing twice never goes below zero", () => {
    const budget = createScanMemoryBudget(100 * MB);
    const lease = budget.tryAcquire(30 * MB)!;
    const other = budget.tryAcquire(20 * MB)!;
    lease.release();
    lease.release();
    expect(budget.usage()).toMatchObject({ reservedBytes: 20 * MB, runningScans: 1 });
    other.release();
    other.release();
    expect(budget.usage()).toMatchObject({ reservedBytes: 0, runningScans: 0 });
  });

  it("reserves over the budget when forced (a scan run directly, not from the queue)", () => {
    const budget = createScanMemoryBudget(10 * MB);
    budget.tryAcquire(8 * MB);
    const forced = budget.tryAcquire(8 * MB, { force: true });
    expect(forced).toBeDefined();
    expect(budget.usage()).toMatchObject({ reservedBytes: 16 * MB, runningScans: 2 });
  });

  it("is released when the scan holding it fails", async () => {
    const budget = createScanMemoryBudget(10 * MB);
    const scan = async () => {
      const lease = budget.tryAcquire(5 * MB)!;
      try {
        throw new Error("the engine failed");
      } finally {
        lease.release();
      }
    };
    await expect(scan()).rejects.toThrow("the engine failed");
    expect(budget.usage()).toMatchObject({ reservedBytes: 0, runningScans: 0 });
  });

  it("refuses a budget that is not positive", () => {
    expect(() => createScanMemoryBudget(0)).toThrow(/positive/);
  });
});

describe("the default budget", () => {
  const total = 16 * 1024 * MB;
  it("is half the container's limit when it has one below the machine's memory", () => {
    expect(defaultScanMemoryBudgetBytes({ constrained: 2048 * MB, total })).toBe(1024 * MB);
  });
  it("is half the machine's memory without a limit (0, 2^64 or none reported)", () => {
    for (const constrained of [0, 2 ** 64, undefined])
      expect(defaultScanMemoryBudgetBytes({ constrained, total })).toBe(8 * 1024 * MB);
  });
});
