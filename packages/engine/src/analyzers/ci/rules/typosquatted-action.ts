import { defineFileRule } from "../../../rule.ts";
import { KNOWN_OWNERS, POPULAR_ACTIONS } from "../data/action-catalogue.ts";
import type { WorkflowModel } from "../model.ts";
import { allUses } from "./unpinned-action.ts";

const POPULAR = new Set(POPULAR_ACTIONS);
const POPULAR_OWNERS = new Set(POPULAR_ACTIONS.map((name) => name.split("/")[0]!));
const TRUSTED_OWNERS = new Set([...POPULAR_OWNERS, ...KNOWN_OWNERS]);

/** Levenshtein distance with adjacent transpositions, stopping early above `limit`. */
export function editDistance(left: string, right: string, limit = 2): number {
  if (Math.abs(left.length - right.length) > limit) return limit + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= left.length; i++) {
    rows.push([i]);
    for (let j = 1; j <= right.length; j++) {
      if (i === 0) {
        rows[0]!.push(j);
        continue;
      }
      const cost = left[i - 1] === right[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && left[i - 1] === right[j - 2] && left[i - 2] === right[j - 1])
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]!.push(best);
    }
  }
  return rows[left.length]![right.length]!;
}

/** The popular name a repository imitates, or null. Short names are skipped: too many honest neighbours. */
export function imitated(repository: string): string | null {
  if (POPULAR.has(repository)) return null;
  const [owner = "", name = ""] = repository.split("/");
  if (!TRUSTED_OWNERS.has(owner) && owner.length >= 5) {
    for (const popular of POPULAR_OWNERS) {
      if (popular.length >= 5 && editDistance(owner, popular, 1) === 1) {
        const sameName = POPULAR_ACTIONS.find((full) => full === `${popular}/${name}`);
        return sameName ?? `${popular}/*`;
      }
    }
  }
  if (POPULAR_OWNERS.has(owner) && name.length >= 5) {
    for (const popular of POPULAR_ACTIONS) {
      const [popularOwner, popularName = ""] = popular.split("/");
      if (popularOwner === owner && editDistance(name, popularName, 1) === 1) return popular;
    }
  }
  return null;
}

export const typosquattedAction = defineFileRule<WorkflowModel>({
  id: "ci/typosquatted-action",
  analyzer: "ci",
  title: "Action name one typo away from a popular action",
  severity: "high",
  confidence: "medium",
  lifecycle: "preview",
  cwe: [1357],
  controls: ["CI-PIN-01"],
  docs: {
    summary:
      "A `uses:` names an owner or repository one character away from a popular action (`actons/checkout`, `actions/chekout`, `docker/login-actoin`), compared by edit distance with a curated list of popular actions.",
    whyItMatters:
      "Attackers register look-alike owners and repositories so that a typo runs their code with the workflow's token and secrets; on GitHub the typo resolves instead of failing.",
    remediation:
      "Correct the name to the action you meant and pin it by commit SHA. Owners and names that are real but close to a popular one can be added to the catalogue's known owners.",
    example: "- uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683 # v4.2.2",
    references: ["https://www.orca.security/resources/blog/typosquatting-in-github-actions/"],
  },
  check(ctx) {
    for (const uses of allUses(ctx.model)) {
      if (uses.kind !== "repository") continue;
      const target = imitated(uses.repository);
      if (!target) continue;
      ctx.report({ message: `${uses.repository} looks like a typo of ${target}`, at: uses.at });
    }
  },
});
