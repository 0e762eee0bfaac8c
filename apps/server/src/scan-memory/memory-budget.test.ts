import { describe, expect, it } from "vitest";
import {
  CLAIM_AFTER_MS,
  CLAIM_EXPIRES_MS,
  createScanMemoryBudget,
  defaultScanMemoryBudgetBytes,
} from "./memory-budget.ts";

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

describe("a scan that waited long enough", () => {
  const waitingScan = (since: number) => ({ scanId: "large", waitingSince: since });

  it("claims the next freed memory: newer scans that would fit wait behind it", () => {
    let now = 1_000_000;
    const budget = createScanMemoryBudget(100 * MB, () => now);
    const running = budget.tryAcquire(70 * MB)!;
    const since = now;
    expect(budget.tryAcquire(60 * MB, { requester: waitingScan(since) })).toBeUndefined();
    // before the claim, a small scan that fits still goes ahead
    const small = budget.tryAcquire(10 * MB, { requester: { scanId: "small-1" } });
    expect(small).toBeDefined();
    small!.release();

    now += CLAIM_AFTER_MS;
    expect(budget.tryAcquire(60 * MB, { requester: waitingScan(since) })).toBeUndefined();
    expect(budget.tryAcquire(10 * MB, { requester: { scanId: "small-2" } })).toBeUndefined();

    running.release();
    const large = budget.tryAcquire(60 * MB, { requester: waitingScan(since) });
    expect(large).toBeDefined();
    // once it runs, the claim is spent
    expect(budget.tryAcquire(10 * MB, { requester: { scanId: "small-3" } })).toBeDefined();
  });

  it("loses its claim when it stops asking (deleted, or taken by another worker)", () => {
    let now = 1_000_000;
    const budget = createScanMemoryBudget(100 * MB, () => now);
    budget.tryAcquire(70 * MB);
    expect(budget.tryAcquire(60 * MB, { requester: waitingScan(now - CLAIM_AFTER_MS) })).toBeUndefined();
    expect(budget.tryAcquire(10 * MB, { requester: { scanId: "small" } })).toBeUndefined();
    now += CLAIM_EXPIRES_MS + 1;
    expect(budget.tryAcquire(10 * MB, { requester: { scanId: "small" } })).toBeDefined();
  });

  it("does not hold back a scan run directly", () => {
    const now = 1_000_000;
    const budget = createScanMemoryBudget(100 * MB, () => now);
    budget.tryAcquire(70 * MB);
    budget.tryAcquire(60 * MB, { requester: waitingScan(now - CLAIM_AFTER_MS) });
    expect(budget.tryAcquire(10 * MB, { force: true })).toBeDefined();
  });
});
