import { describe, expect, it } from "vitest";
import { planForMemory } from "./memory-budget.ts";
import { DEFAULT_PARSED_BYTES_PER_COLLECTION, WORKER_PARSED_BYTES_PER_COLLECTION } from "./native-memory.ts";

describe("planForMemory", () => {
  it("keeps the wanted workers without a limit, which free trees more often than the main thread", () => {
    expect(planForMemory(undefined, 8)).toEqual({
      workers: 8,
      parsedBytesPerCollection: WORKER_PARSED_BYTES_PER_COLLECTION,
    });
    expect(planForMemory(undefined, 0)).toEqual({
      workers: 0,
      parsedBytesPerCollection: DEFAULT_PARSED_BYTES_PER_COLLECTION,
    });
    expect(WORKER_PARSED_BYTES_PER_COLLECTION).toBeLessThan(DEFAULT_PARSED_BYTES_PER_COLLECTION);
  });

  it("runs as many workers as fit, never more than wanted", () => {
    expect(planForMemory(4000, 2).workers).toBe(2);
    expect(planForMemory(800, 8).workers).toBe(5);
    expect(planForMemory(400, 8).workers).toBe(2);
  });

  it("keeps the young generation WORKER_MB was measured with under a limit, and leaves it to the pool without", () => {
    expect(planForMemory(800, 8).youngGenerationMb).toBe(8);
    expect(planForMemory(undefined, 8).youngGenerationMb).toBeUndefined();
  });

  it("analyzes in-process when fewer than two workers fit, freeing trees more often when tight", () => {
    expect(planForMemory(350, 2).workers).toBe(0);
    const tight = planForMemory(300, 2);
    expect(tight.workers).toBe(0);
    expect(tight.parsedBytesPerCollection).toBeLessThan(DEFAULT_PARSED_BYTES_PER_COLLECTION);
  });

  it("still plans a scan below what any plan needs (files are never dropped)", () => {
    expect(planForMemory(50, 4).workers).toBe(0);
  });
});
