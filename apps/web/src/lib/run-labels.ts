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

/**
 * The code host's commit page for a repository cloned from GitHub or GitLab, else null: local
 * paths and the bundled samples have no page to link to.
 */
export function commitUrl(location: string | null | undefined, sha: string): string | null {
  if (!location || !sha) return null;
  const hosted = /^(?:https?:\/\/|ssh:\/\/git@|git@)(github\.com|gitlab\.com)[/:]([\w./-]+)$/.exec(
    location.trim(),
  );
  if (!hosted) return null;
  const host = hosted[1]!;
  const path = hosted[2]!.replace(/\/+$/, "").replace(/\.git$/, "");
  if (!/^[\w.-]+(?:\/[\w.-]+)+$/.test(path)) return null;
  return host === "gitlab.com"
    ? `https://${host}/${path}/-/commit/${sha}`
    : `https://${host}/${path}/commit/${sha}`;
}
