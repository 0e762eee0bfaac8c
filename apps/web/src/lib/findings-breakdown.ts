// What a group of findings holds, in words: "22 findings: 3 critical, 19 high", or "3 critical
// findings" when they share one severity. The one place this phrasing lives, so that it can move
// onto other phrasing in one edit.
import type { SeverityCounts } from "@rampart/contracts/common";
import { plural } from "@rampart/contracts/words";

const SEVERITY_WORDS: readonly [keyof SeverityCounts, string][] = [
  ["critical", "critical"],
  ["high", "high"],
  ["med", "medium"],
  ["low", "low"],
];

export function findingsBreakdown(total: number, bySeverity: SeverityCounts): string {
  const present = SEVERITY_WORDS.filter(([key]) => bySeverity[key] > 0);
  if (present.length === 0) return plural(total, "finding");
  if (present.length === 1) return plural(total, `${present[0]![1]} finding`);
  return `${plural(total, "finding")}: ${present.map(([key, word]) => `${bySeverity[key]} ${word}`).join(", ")}`;
}
