// How runs, commits and hashes are named on screen (spec part 1, Recent Policy Runs; part 2, Policy
// Runs): PR runs by number, everything else as a manual run; ids, commits and hashes abbreviated.

/** The pull-request number of a run triggered by `pr:<n>`, else null. */
export function pullRequestNumber(triggeredBy: string): number | null {
  const match = /^pr:(\d+)$/.exec(triggeredBy);
  return match ? Number(match[1]) : null;
}

export function runTitle(triggeredBy: string): string {
  const number = pullRequestNumber(triggeredBy);
  return number === null ? "Manual Policy Run" : `PR #${number}: Policy Evaluation`;
}

export function abbreviate(value: string | null | undefined, length: number): string {
  return value ? value.slice(0, length) : "";
}
