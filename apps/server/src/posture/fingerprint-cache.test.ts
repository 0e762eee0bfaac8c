import { describe, expect, it } from "vitest";
import { createFingerprintCache } from "./fingerprint-cache.ts";

function counter() {
  let calls = 0;
  return {
    compute: async () => {
      calls += 1;
      return calls;
    },
    get calls() {
      return calls;
    },
  };
}

describe("createFingerprintCache", () => {
  it("answers from the cache while the version and the time allow, and computes again otherwise", async () => {
    let clock = 0;
    const cache = createFingerprintCache<number>({ ttlMs: 1000, maxEntries: 10, now: () => clock });
    const work = counter();
    expect(await cache.get("tenant-a", "v1", work.compute)).toBe(1);
    expect(await cache.get("tenant-a", "v1", work.compute)).toBe(1);
    // The data changed.
    expect(await cache.get("tenant-a", "v2", work.compute)).toBe(2);
    // Another key is its own entry.
    expect(await cache.get("tenant-b", "v2", work.compute)).toBe(3);
    clock = 999;
    expect(await cache.get("tenant-a", "v2", work.compute)).toBe(2);
    clock = 1000;
    expect(await cache.get("tenant-a", "v2", work.compute)).toBe(4);
    expect(work.calls).toBe(4);
  });

  it("shares one computation between concurrent requests", async () => {
    const cache = createFingerprintCache<number>({ ttlMs: 1000, maxEntries: 10 });
    const work = counter();
    const answers = await Promise.all([1, 2, 3].map(() => cache.get("key", "v", work.compute)));
    expect(answers).toEqual([1, 1, 1]);
    expect(work.calls).toBe(1);
  });

  it("does not keep a failed computation", async () => {
    const cache = createFingerprintCache<number>({ ttlMs: 1000, maxEntries: 10 });
    await expect(cache.get("key", "v", () => Promise.reject(new Error("database gone")))).rejects.toThrow(
      "database gone",
    );
    expect(await cache.get("key", "v", async () => 7)).toBe(7);
  });

  it("drops the least recently computed key when full", async () => {
    const cache = createFingerprintCache<number>({ ttlMs: 1000, maxEntries: 2 });
    const work = counter();
    await cache.get("a", "v", work.compute);
    await cache.get("b", "v", work.compute);
    await cache.get("c", "v", work.compute);
    expect(await cache.get("b", "v", work.compute)).toBe(2);
    expect(await cache.get("a", "v", work.compute)).toBe(4);
  });
});
