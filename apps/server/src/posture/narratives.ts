// The dashboard's sentences about posture, built from the facts the summary computed. Each band's
// wording is a predicate ("is strong", "needs attention") so that every band reads as English,
// and every count chooses its words through the shared plural helper.
import { plural } from "@rampart/contracts/words";
import { type PostureWording, postureWording } from "./formulas.ts";

/** How each band reads after "posture": the spec names the bands, the verb is ours. */
const POSTURE_PREDICATE: Record<PostureWording, string> = {
  strong: "is strong",
  moderate: "is moderate",
  "needs attention": "needs attention",
};

export interface PostureFacts {
  score: number;
  /** The score at the start of the period; null without an earlier run. */
  previousScore: number | null;
  days: number;
  passingControls: number;
  evaluatedControls: number;
  repositories: number;
  criticalFindings: number;
  fixedFindings: number;
  /** Mean days to fix; null when nothing was fixed. */
  remediationDays: number | null;
  totalRuns: number;
  /** The tenant's environments by drift state (environments/), from their last sync. */
  environments: EnvironmentFacts;
}

export interface EnvironmentFacts {
  total: number;
  inSync: number;
  drifted: number;
  /** Never synced, or the last sync failed. */
  unknown: number;
  /** Drifted resources across the drifted environments, and those a security rule checks. */
  driftedResources: number;
  securityRelevantDrift: number;
}

/** The drift facts of a tenant's environments. */
export function environmentFacts(
  list: readonly {
    driftState: "in_sync" | "drift_detected" | "unknown";
    driftStats: { total: number; securityRelevant: number } | null;
  }[],
): EnvironmentFacts {
  const drifted = list.filter((environment) => environment.driftState === "drift_detected");
  return {
    total: list.length,
    inSync: list.filter((environment) => environment.driftState === "in_sync").length,
    drifted: drifted.length,
    unknown: list.filter((environment) => environment.driftState === "unknown").length,
    driftedResources: drifted.reduce((sum, environment) => sum + (environment.driftStats?.total ?? 0), 0),
    securityRelevantDrift: drifted.reduce(
      (sum, environment) => sum + (environment.driftStats?.securityRelevant ?? 0),
      0,
    ),
  };
}

const posture = (score: number) => `${POSTURE_PREDICATE[postureWording(score)]} at ${score}%`;

export function postureNarrative(facts: PostureFacts): string {
  return (
    `Security posture ${posture(facts.score)}: ${facts.passingControls} of ` +
    `${plural(facts.evaluatedControls, "evaluated control passes", "evaluated controls pass")} across ` +
    `${plural(facts.repositories, "repository", "repositories")}, ` +
    `with ${plural(facts.criticalFindings, "critical finding")} open.`
  );
}

export function postureAnalysis(facts: PostureFacts): string {
  const { score, previousScore } = facts;
  if (previousScore === null)
    return `Posture ${posture(score)}; there is no earlier run to compare with yet.`;
  const direction = score > previousScore ? "up" : score < previousScore ? "down" : "unchanged";
  return `Posture ${posture(score)}, ${direction} from ${previousScore}% ${plural(facts.days, "day")} ago.`;
}

export function remediationAnalysis(facts: PostureFacts): string {
  const period = `in the last ${plural(facts.days, "day")}`;
  if (facts.remediationDays === null) return `No findings were fixed ${period}.`;
  return (
    `${plural(facts.fixedFindings, "finding was", "findings were")} fixed ${period}, ` +
    `after ${plural(facts.remediationDays, "day")} on average.`
  );
}

export function environmentAnalysis(facts: PostureFacts): string {
  const scanned =
    `${plural(facts.repositories, "repository is", "repositories are")} scanned ` +
    `(${plural(facts.totalRuns, "run")} in total)`;
  const env = facts.environments;
  if (env.total === 0) return `${scanned}; no environments are connected for drift detection.`;
  const states = [
    env.drifted > 0
      ? `${env.drifted} drifted from their declared state (${plural(env.driftedResources, "resource")}, ${env.securityRelevantDrift} security-relevant)`
      : undefined,
    env.inSync > 0 ? `${env.inSync} in sync` : undefined,
    env.unknown > 0 ? `${env.unknown} not yet synced` : undefined,
  ].filter(Boolean);
  return `${scanned}; of ${plural(env.total, "environment")}, ${states.join(", ")}.`;
}
