// The memory a scan took: how far the process's resident set (RSS) rose above where it was when
// the scan started. RSS covers the engine's worker threads too (they live in this process). It is
// sampled every 100 ms and at the end; the kernel's lifetime high-water mark (ru_maxrss) catches a
// spike between samples when the scan set a new high for the process.
//
// It is what is attributable, not exact: scans running beside it in the same process add to it
// (an upper bound), and memory the previous work freed but the allocator kept is reused without
// raising RSS (it can come out low); memory-estimate.ts adds a margin for the second.

export interface PeakMemorySampler {
  /** Stops sampling (idempotent) and answers the peak above the start, in bytes. */
  stop(): number;
}

export interface MemoryReadings {
  rss(): number;
  /** The process's lifetime peak RSS, in bytes. */
  maxRss(): number;
}

export const processMemory: MemoryReadings = {
  rss: () => process.memoryUsage.rss(),
  // resourceUsage() reports kilobytes
  maxRss: () => process.resourceUsage().maxRSS * 1024,
};

export const SAMPLE_INTERVAL_MS = 100;

export function startPeakMemorySampler(
  readings: MemoryReadings = processMemory,
  intervalMs = SAMPLE_INTERVAL_MS,
): PeakMemorySampler {
  const startRss = readings.rss();
  const startMaxRss = readings.maxRss();
  let highest = startRss;
  const sample = () => {
    highest = Math.max(highest, readings.rss());
  };
  const timer = setInterval(sample, intervalMs);
  // A scan's sampler never keeps the process alive.
  timer.unref();
  let result: number | undefined;
  return {
    stop() {
      if (result !== undefined) return result;
      clearInterval(timer);
      sample();
      const maxRss = readings.maxRss();
      if (maxRss > startMaxRss) highest = Math.max(highest, maxRss);
      result = Math.max(0, highest - startRss);
      return result;
    },
  };
}
