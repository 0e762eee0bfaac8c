// The periods evidence is collected for: calendar months, quarters and years (UTC), or once from
// the day a request is made. A request covers one period and is due when it ends; accepted evidence
// stays valid until the next period's due date, so there is a whole period to collect the next one.
import type { EvidenceCadence } from "@rampart/contracts/evidence-requests";

const DAY_MS = 86_400_000;

/** Calendar months per period; `once` has no period length. */
const MONTHS: Readonly<Record<Exclude<EvidenceCadence, "once">, number>> = {
  monthly: 1,
  quarterly: 3,
  yearly: 12,
};

/** A request made once is due this many days after it is made. */
export const ONCE_DUE_DAYS = 30;

/** Days before accepted evidence lapses when it is shown as at risk: long enough to collect the next. */
export const AT_RISK_WINDOW_DAYS: Readonly<Record<EvidenceCadence, number | null>> = {
  once: null,
  monthly: 7,
  quarterly: 14,
  yearly: 30,
};

export interface Period {
  readonly start: Date;
  /** Exclusive; null for `once`. */
  readonly end: Date | null;
  readonly dueAt: Date;
  /** Until when evidence accepted for this period counts; null: it never lapses. */
  readonly validUntil: Date | null;
}

function monthStart(year: number, month: number): Date {
  return new Date(Date.UTC(year, month, 1));
}

/** The period of `cadence` that contains `at` (for `once`: the one starting at `at`). */
export function periodAt(cadence: EvidenceCadence, at: Date): Period {
  if (cadence === "once") {
    return { start: at, end: null, dueAt: new Date(at.getTime() + ONCE_DUE_DAYS * DAY_MS), validUntil: null };
  }
  const months = MONTHS[cadence];
  const year = at.getUTCFullYear();
  const first = Math.floor(at.getUTCMonth() / months) * months;
  const end = monthStart(year, first + months);
  return {
    start: monthStart(year, first),
    end,
    dueAt: end,
    validUntil: monthStart(year, first + 2 * months),
  };
}

/** The period after `period`; `once` has none. */
export function nextPeriod(cadence: EvidenceCadence, period: Period): Period | null {
  if (cadence === "once" || period.end === null) return null;
  return periodAt(cadence, period.end);
}

/** Every period of `cadence` that overlaps [from, to): what a Type II window needs evidence for. */
export function periodsOverlapping(cadence: EvidenceCadence, from: Date, to: Date): Period[] {
  if (cadence === "once") return [periodAt("once", from)];
  const periods: Period[] = [];
  for (let period: Period | null = periodAt(cadence, from); period && period.start < to; ) {
    periods.push(period);
    period = nextPeriod(cadence, period);
  }
  return periods;
}

/** Accepted evidence that lapses within its cadence's warning window (and has not lapsed yet). */
export function isAtRisk(cadence: EvidenceCadence, validUntil: Date | null, now: Date): boolean {
  const window = AT_RISK_WINDOW_DAYS[cadence];
  if (window === null || validUntil === null) return false;
  const left = validUntil.getTime() - now.getTime();
  return left > 0 && left <= window * DAY_MS;
}
