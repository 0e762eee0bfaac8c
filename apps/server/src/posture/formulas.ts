// The numbers the dashboards show, as pure functions. docs/formulas.md states each one; change
// both together.
import type { Severity } from "@rampart/contracts/common";

export type Trend = "up" | "down" | "stable";

export interface ControlTally {
  controlCode: string;
  passes: number;
  failures: number;
  /** The control's verdict (control-evidence.ts verdictsOf) is not `unknown`. */
  evaluated: boolean;
}

/** Percent, rounded to one decimal; 0 when there is nothing to divide by. */
export function percent(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part * 1000) / whole) / 10;
}

/**
 * Posture score: the share of evaluated controls without an open failure, from one tally per
 * control over the latest run of each repository (a control failing in any repository fails).
 * Controls that were not evaluated do not count either way: absence of evidence is not a pass.
 */
export function postureScore(tallies: readonly ControlTally[]): number {
  const evaluated = tallies.filter((tally) => tally.evaluated);
  return percent(evaluated.filter((tally) => tally.failures === 0).length, evaluated.length);
}

/** A control row's compliance: passed checks over all checks, in percent. */
export function controlCompliance(passes: number, failures: number): number {
  return Math.round(percent(passes, passes + failures));
}

/** Mean days from first seen to fixed, from the count of fixes and their total seconds open; null when none. */
export function remediationDays(fixes: { count: number; seconds: number }): number | null {
  if (fixes.count === 0) return null;
  return Math.round((fixes.seconds / fixes.count / 86_400) * 100) / 100;
}

/** Relative change in percent from `before` to `now`; null without a comparable earlier value. */
export function changePercent(now: number | null, before: number | null): number | null {
  if (now === null || before === null || before === 0) return null;
  return Math.round(((now - before) / before) * 100);
}

/** A direction from two values, with a dead band so that noise reads as stable. */
export function trendOf(now: number | null, before: number | null, deadBand = 1): Trend {
  if (now === null || before === null) return "stable";
  if (now - before > deadBand) return "up";
  if (before - now > deadBand) return "down";
  return "stable";
}

/** Spec part 1, §4: up at 80 or more; down above 5 critical findings; otherwise stable. */
export function narrativeTrend(postureScore: number, criticalFindings: number): Trend {
  if (postureScore >= 80) return "up";
  if (criticalFindings > 5) return "down";
  return "stable";
}

export type PostureWording = "strong" | "moderate" | "needs attention";

/** Spec part 1, §4: strong at 80 or more, moderate at 60 to 79, needs attention below 60. */
export function postureWording(score: number): PostureWording {
  if (score >= 80) return "strong";
  if (score >= 60) return "moderate";
  return "needs attention";
}

const SEVERITY_BASE: Record<Severity, number> = { critical: 9, high: 7, med: 4.5, low: 2 };
const CONFIDENCE_FACTOR = { high: 1, medium: 0.9, low: 0.75 } as const;

/**
 * Risk score 0-10 of one hazard (a rule's open findings): severity sets the base, the rule's
 * confidence stands for exploitability (how sure we are it is real and reachable), and exposure
 * adds up to 1 point for spread (log10 of the number of places, capped) plus 0.5 when the hazard
 * faces the internet or exposes credentials.
 */
export function riskScore(input: {
  severity: Severity;
  confidence: keyof typeof CONFIDENCE_FACTOR;
  occurrences: number;
  internetFacing: boolean;
}): number {
  const base = SEVERITY_BASE[input.severity] * CONFIDENCE_FACTOR[input.confidence];
  const spread = Math.min(1, Math.log10(Math.max(1, input.occurrences)));
  const exposure = input.internetFacing ? 0.5 : 0;
  return Math.min(10, Math.round((base + spread + exposure) * 10) / 10);
}
