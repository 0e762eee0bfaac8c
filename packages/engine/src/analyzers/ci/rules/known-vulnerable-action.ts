import { defineFileRule } from "../../../rule.ts";
import { VULNERABLE_ACTIONS, type VulnerableAction } from "../data/action-catalogue.ts";
import { versionComment, type WorkflowModel } from "../model.ts";
import { allUses } from "./unpinned-action.ts";

/** `v4.1`, `4.1.0`, `v45` → numeric parts; null for branches, SHAs and anything else. */
export function versionParts(ref: string): number[] | null {
  const match = /^v?(\d{1,6})(?:\.(\d{1,6}))?(?:\.(\d{1,6}))?$/i.exec(ref.trim());
  if (!match) return null;
  return match
    .slice(1)
    .filter((part): part is string => part !== undefined)
    .map(Number);
}

function compare(left: readonly number[], right: readonly number[]): number {
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const difference = (left[i] ?? 0) - (right[i] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

/**
 * True when every version the ref can stand for is affected. A full version is one version; a
 * floating tag (`v4`, `v4.1`) moves to the newest release with that prefix, so it is affected only
 * when that whole prefix lies before the fix (and after the introduction, when there is one).
 */
export function isAffected(ref: string, entry: VulnerableAction): boolean {
  const parts = versionParts(ref);
  if (!parts) return false;
  const fixed = versionParts(entry.fixed)!;
  const introduced = entry.introduced ? versionParts(entry.introduced)! : [0];
  const exact = parts.length === 3;
  // the newest version a floating tag reaches is below the fix only if its prefix is below the fix's
  const belowFix = exact ? compare(parts, fixed) < 0 : compare(parts, fixed.slice(0, parts.length)) < 0;
  const fromIntroduced = exact
    ? compare(parts, introduced) >= 0
    : compare(parts, introduced.slice(0, parts.length)) >= 0;
  return belowFix && fromIntroduced;
}

export const knownVulnerableAction = defineFileRule<WorkflowModel>({
  id: "ci/known-vulnerable-action",
  analyzer: "ci",
  title: "Action version with a published security advisory",
  severity: "high",
  severityFromData: true,
  confidence: "high",
  lifecycle: "stable",
  cwe: [1395],
  controls: ["CI-PIN-01"],
  docs: {
    summary:
      "A `uses:` names an action at a version covered by a GitHub security advisory (a compromised release, or a command injection or file-write flaw in the action), from a curated list shipped with Rampart where each entry cites its GHSA id.",
    whyItMatters:
      "The workflow runs code that is known to leak secrets or to let an outsider run commands on the runner. Advisories on actions are rare and severe: tj-actions/changed-files was rewritten in 2025 to print every secret of the workflows using it.",
    remediation:
      "Move to the fixed version named in the message (or later), pinned by commit SHA. A commit SHA is judged by the version its trailing comment names (`# v45.0.7`), a branch is not judged (its version is unknown without the network); a floating tag such as `v4` is flagged only when every release it can point to is affected.",
    example: "- uses: tj-actions/changed-files@<sha of v46.0.1 or later> # v46.0.1",
    references: [
      "https://docs.zizmor.sh/audits/#known-vulnerable-actions",
      "https://github.com/advisories?query=type%3Areviewed+ecosystem%3Aactions",
    ],
  },
  check(ctx) {
    for (const uses of allUses(ctx.model)) {
      if (uses.kind !== "repository" || uses.ref === null) continue;
      // a SHA pin is judged by the version its comment names (what Dependabot and Renovate write)
      const sha = /^[0-9a-f]{40}$/i.test(uses.ref);
      const version = sha ? versionComment(ctx.file, uses) : uses.ref;
      if (!version) continue;
      for (const entry of VULNERABLE_ACTIONS) {
        if (entry.repository !== uses.repository || !isAffected(version, entry)) continue;
        const named = sha
          ? `${uses.repository} at the commit commented as ${version}`
          : `${uses.repository}@${version}`;
        ctx.report({
          message: `${named} is affected by ${entry.advisory}: ${entry.summary}; fixed in ${entry.fixed}`,
          at: uses.at,
          severity: entry.severity,
        });
      }
    }
  },
});
