import { describe, expect, it } from "vitest";
import { scheduleTooFrequent, shortestIntervalSeconds } from "./schedule-interval.ts";

describe("shortest interval of a cron schedule", () => {
  it.each([
    ["* * * * *", 60],
    ["*/5 * * * *", 300],
    ["*/15 * * * *", 900],
    ["15 * * * *", 3600],
    ["0 4 * * *", 86_400],
    ["0,59 0,23 * * *", 60], // 23:59, then 00:00 the next day
    ["0 23,0 * * 1", 3600],
    ["*/10 * * * * *", 10],
    ["@hourly", 3600],
  ])("%s", (cron, seconds) => {
    expect(shortestIntervalSeconds(cron)).toBe(seconds);
  });

  it("says why a schedule is too frequent", () => {
    expect(scheduleTooFrequent("* * * * *", 15)).toBe(
      "scans may be scheduled at most every 15 minutes; this schedule runs every 1 minute",
    );
    expect(scheduleTooFrequent("*/10 * * * *", 15)).toMatch(/every 10 minutes$/);
    expect(scheduleTooFrequent("*/15 * * * *", 15)).toBeUndefined();
    expect(scheduleTooFrequent("not cron", 15)).toBeUndefined(); // the queue's own check reports it
  });
});
