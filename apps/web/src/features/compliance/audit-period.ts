// The reporting period of the Overview and the audit package: SOC 2 Type I is the design at one
// date, Type II the operation over a window. Dates are picked as calendar days and sent as UTC
// instants covering the whole day, so "as of Jun 30" includes everything accepted that day; a
// day not over yet ends at now.

export type AuditView = "type1" | "type2";

export interface AuditPeriod {
  view: AuditView;
  /** Type I: the day to report at, YYYY-MM-DD; "" means now. */
  at: string;
  /** Type II: the window's first and last day, YYYY-MM-DD. */
  from: string;
  to: string;
}

/** What the compliance and audit-package calls take; absent fields are left out of the query. */
export interface AuditPeriodQuery {
  view?: AuditView;
  at?: string;
  from?: string;
  to?: string;
}

export const INITIAL_PERIOD: AuditPeriod = { view: "type1", at: "", from: "", to: "" };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const startOfDay = (day: string) => `${day}T00:00:00.000Z`;
const endOfDay = (day: string) => `${day}T23:59:59.999Z`;

/** The longest observation window the server accepts. */
const MAX_WINDOW_DAYS = 3 * 366;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Why the period cannot be asked for yet, or null when it can. */
export function periodProblem(period: AuditPeriod, now = new Date()): string | null {
  const today = now.toISOString().slice(0, 10);
  if (period.view === "type1") {
    if (period.at === "") return null;
    if (!DAY.test(period.at)) return "Pick a valid date.";
    return period.at > today ? "Evidence cannot be judged ahead of time: pick today or earlier." : null;
  }
  if (!DAY.test(period.from) || !DAY.test(period.to)) return "Pick the first and last day of the window.";
  if (period.from > period.to) return "The window must start before it ends.";
  if (period.from > today) return "The window cannot start in the future.";
  if (Date.parse(period.to) - Date.parse(period.from) > MAX_WINDOW_DAYS * DAY_MS) {
    return "The window can be at most three years.";
  }
  return null;
}

/** The later of a day's last instant and `now`, so that "today" means up to now. */
function endOfDayUntil(day: string, now: Date | undefined): string {
  const end = endOfDay(day);
  return now && Date.parse(end) > now.getTime() ? now.toISOString() : end;
}

/**
 * The query for a period, or null while it is incomplete. Type I "now" sends nothing, so the plain
 * Overview asks exactly what it always did. With `now`, a day that has not ended yet stops at now
 * (the audit package refuses instants in the future); without it the query stays the same all day,
 * which a query key needs.
 */
export function periodQuery(period: AuditPeriod, now?: Date): AuditPeriodQuery | null {
  if (periodProblem(period, now) !== null) return null;
  if (period.view === "type1") return period.at ? { view: "type1", at: endOfDayUntil(period.at, now) } : {};
  return { view: "type2", from: startOfDay(period.from), to: endOfDayUntil(period.to, now) };
}
