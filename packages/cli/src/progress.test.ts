import { describe, expect, it, vi } from "vitest";
import { progressReporter } from "./progress.ts";

describe("progress line", () => {
  it("is drawn only on a terminal, after a moment, and erased at the end", () => {
    expect(progressReporter({ write: () => true, isTTY: false })).toBeUndefined();
    vi.useFakeTimers();
    try {
      const written: string[] = [];
      const reporter = progressReporter({ write: (text: string) => written.push(text), isTTY: true })!;
      reporter.update({ filesDone: 1, filesTotal: 10, bytesDone: 0 });
      expect(written).toEqual([]); // quick scans never show it
      vi.advanceTimersByTime(600);
      reporter.update({ filesDone: 5, filesTotal: 10, bytesDone: 0 });
      reporter.done();
      expect(written).toEqual(["\r\x1b[2Kscanning: 5/10 files (50%)", "\r\x1b[2K"]);
    } finally {
      vi.useRealTimers();
    }
  });
});
