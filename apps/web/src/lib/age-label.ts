// Relative time as the spec words it (part 1, §4): minutes under an hour, hours under a day, then days.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function ageLabel(timestamp: string | number | Date, now: Date = new Date()): string {
  const elapsed = Math.max(0, now.getTime() - new Date(timestamp).getTime());
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} mins ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)} hours ago`;
  return `${Math.floor(elapsed / DAY)} days ago`;
}
