// Relative time as the spec words it (part 1, §4): minutes under an hour, hours under a day, then
// days; 'N mins ago' keeps the spec's wording, and a count of one reads in the singular.
import { plural } from "./words.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Each unit applies below its limit; the last one has none. */
const UNITS = [
  { below: HOUR, size: MINUTE, one: "min ago", many: "mins ago" },
  { below: DAY, size: HOUR, one: "hour ago", many: "hours ago" },
  { below: Number.POSITIVE_INFINITY, size: DAY, one: "day ago", many: "days ago" },
] as const;

export function ageLabel(timestamp: string | number | Date, now: Date = new Date()): string {
  const elapsed = Math.max(0, now.getTime() - new Date(timestamp).getTime());
  const unit = UNITS.find((candidate) => elapsed < candidate.below)!;
  return plural(Math.floor(elapsed / unit.size), unit.one, unit.many);
}
