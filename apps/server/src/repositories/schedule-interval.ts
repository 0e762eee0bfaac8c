// How often a cron schedule can fire at its most frequent: a per-minute scan schedule would have
// the server fetch a repository forever, so schedules under a minimum interval are refused.
import { plural } from "@rampart/contracts/words";
import { CronExpressionParser } from "cron-parser";

const DAY_SECONDS = 86_400;

/**
 * The shortest gap, in seconds, between two firings of `cron` (UTC), over the times of day it
 * names. Day-of-month and weekday fields are not considered: a day without firings only makes
 * gaps longer, so the answer is never more than the truth. Undefined for an unreadable expression.
 */
export function shortestIntervalSeconds(cron: string): number | undefined {
  let fields: ReturnType<typeof CronExpressionParser.parse>["fields"];
  try {
    fields = CronExpressionParser.parse(cron, { tz: "UTC" }).fields;
  } catch {
    return undefined;
  }
  const times: number[] = [];
  for (const hour of fields.hour.values) {
    for (const minute of fields.minute.values) {
      for (const second of fields.second.values)
        times.push(Number(hour) * 3600 + Number(minute) * 60 + Number(second));
    }
  }
  times.sort((a, b) => a - b);
  // From the day's last firing to the next day's first.
  let shortest = times[0]! + DAY_SECONDS - times.at(-1)!;
  for (let i = 1; i < times.length; i += 1) shortest = Math.min(shortest, times[i]! - times[i - 1]!);
  return shortest;
}

/** Why a schedule fires too often, or undefined when it does not. */
export function scheduleTooFrequent(cron: string, minimumMinutes: number): string | undefined {
  const seconds = shortestIntervalSeconds(cron);
  if (seconds === undefined || seconds >= minimumMinutes * 60) return undefined;
  const interval = seconds >= 60 ? plural(Math.floor(seconds / 60), "minute") : plural(seconds, "second");
  return `scans may be scheduled at most every ${plural(minimumMinutes, "minute")}; this schedule runs every ${interval}`;
}
