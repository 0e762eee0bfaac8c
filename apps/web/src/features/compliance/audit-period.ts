// The reporting period of the Overview and the audit package: SOC 2 Type I is the design at one
// date, Type II the operation over a window. Dates are picked as calendar days and sent as UTC
// instants covering the whole day, so "as of Jun 30" includes everything accepted that day.

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

/** Why the period cannot be asked for yet, or null when it can. */
export function periodProblem(period: AuditPeriod): string | null {
  if (period.view === "type1") {
    return period.at === "" || DAY.test(period.at) ? null : "Pick a valid date.";
  }
  if (!DAY.test(period.from) || !DAY.test(period.to)) return "Pick the first and last day of the window.";
  if (period.from > period.to) return "The window must start before it ends.";
  return null;
}

/**
 * The query for a period, or null while it is incomplete. Type I "now" sends nothing, so the plain
 * Overview asks exactly what it always did.
 */
export function periodQuery(period: AuditPeriod): AuditPeriodQuery | null {
  if (periodProblem(period) !== null) return null;
  if (period.view === "type1") return period.at ? { view: "type1", at: endOfDay(period.at) } : {};
  return { view: "type2", from: startOfDay(period.from), to: endOfDay(period.to) };
}
