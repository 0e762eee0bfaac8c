import { describe, expect, it } from "vitest";
import { type MemoryReadings, startPeakMemorySampler } from "./peak-memory.ts";

/** Readings a test moves by hand. */
function fakeMemory(rss: number, maxRss: number) {
  const state = { rss, maxRss };
  const readings: MemoryReadings = { rss: () => state.rss, maxRss: () => state.maxRss };
  return { state, readings };
}

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("a scan's peak memory", () => {
  it("is the highest sampled RSS above the RSS at the start", async () => {
    const { state, readings } = fakeMemory(500, 900);
    const sampler = startPeakMemorySampler(readings, 5);
    state.rss = 800;
    await tick(30);
    state.rss = 600; // freed before the end: the peak stays
    expect(sampler.stop()).toBe(300);
  });

  it("takes the process's new lifetime high when the scan set it between samples", () => {
    const { state, readings } = fakeMemory(500, 900);
    const sampler = startPeakMemorySampler(readings, 60_000);
    state.maxRss = 1500; // a spike no sample saw
    state.rss = 550;
    expect(sampler.stop()).toBe(1000);
  });

  it("ignores an older lifetime high, and is never negative", () => {
    const { state, readings } = fakeMemory(500, 2000);
    const sampler = startPeakMemorySampler(readings, 60_000);
    state.rss = 300;
    expect(sampler.stop()).toBe(0);
  });

  it("answers the same once stopped", async () => {
    const { state, readings } = fakeMemory(100, 100);
    const sampler = startPeakMemorySampler(readings, 5);
    state.rss = 200;
    expect(sampler.stop()).toBe(100);
    state.rss = 900;
    await tick(20);
    expect(sampler.stop()).toBe(100);
  });

  it("reads the real process", () => {
    const sampler = startPeakMemorySampler();
    const held = Buffer.alloc(32 * 1024 * 1024, 1);
    expect(sampler.stop()).toBeGreaterThan(16 * 1024 * 1024);
    expect(held[0]).toBe(1);
  });
});
