// The page narrators' figures and template sentences (Policy Runs, Evidence, Compliance), and the
// spec's fixed confidences and trends (part 1 §2, part 2 §9). The figures are what the model is
// given and what its sentence is checked against; the templates are used without a model and when
// the model's sentence is refused.
import { ageLabel } from "@rampart/contracts/age-label";
import type { ComplianceResponse } from "@rampart/contracts/compliance";
import type { EvidenceResponse } from "@rampart/contracts/evidence";
import type { NarrativeTrend } from "@rampart/contracts/narratives";
import type { RunCounts } from "@rampart/contracts/runs";
import { plural } from "@rampart/contracts/words";

export interface PageFigures {
  /** What the model is given: only what the page shows. */
  facts: Record<string, unknown>;
  /** The sentence without a model. */
  template: string;
  confidence: number;
  trend: NarrativeTrend | null;
}

/** Runs: every run the filters match (not the pages loaded); confidence 85, down past 3 failures. */
export function runsFigures(counts: RunCounts): PageFigures {
  const skipped = counts.skip > 0 ? `, ${counts.skip} skipped` : "";
  const piling = counts.fail > 3;
  const template =
    counts.total === 0
      ? "No policy runs match these filters."
      : `${plural(counts.total, "policy run")} match: ${counts.pass} passed, ${counts.fail} failed${skipped}${
          piling ? "; failures are piling up, review the failed runs first." : "."
        }`;
  return {
    facts: {
      runsMatchingFilters: counts.total,
      passed: counts.pass,
      failed: counts.fail,
      skipped: counts.skip,
    },
    template,
    confidence: 85,
    trend: piling ? "down" : "stable",
  };
}

/** Evidence: the ledger's size, the blocks shown and the last verification; confidence 95. */
export function evidenceFigures({ artifacts, chain }: EvidenceResponse, now = new Date()): PageFigures {
  const size = `${plural(chain.chainLength, "block")} in the ledger; the newest ${artifacts.length} shown.`;
  let template: string;
  if (artifacts.length === 0) template = "The ledger has no evidence blocks to show yet.";
  else if (!chain.lastVerifiedAt) template = `${size} The chain has not been verified yet.`;
  else if (chain.isValid)
    template = `${size} Every block verified intact ${ageLabel(chain.lastVerifiedAt, now)}.`;
  else {
    const where = chain.failure ? ` at block #${chain.failure.index}` : "";
    template = `${size} The last verification found a break${where}; treat later evidence as untrusted.`;
  }
  return {
    facts: {
      blocksInLedger: chain.chainLength,
      blocksShown: artifacts.length,
      lastVerifiedAt: chain.lastVerifiedAt,
      verifiedIntact: chain.lastVerifiedAt ? chain.isValid : null,
      firstBrokenBlock: chain.failure?.index ?? null,
    },
    template,
    confidence: 95,
    trend: null,
  };
}

/** Compliance: confidence is the percent + 10, at most 95; trend up at 90+, down past 5 failures. */
export function complianceFigures(name: string, summary: ComplianceResponse["compliance"]): PageFigures {
  const percent = Math.round(summary.compliancePercentage);
  const trend: NarrativeTrend =
    summary.compliancePercentage >= 90 ? "up" : summary.failedControls > 5 ? "down" : "stable";
  return {
    facts: {
      framework: name,
      compliantPercent: percent,
      requirements: summary.totalControls,
      passing: summary.passedControls,
      failing: summary.failedControls,
      untested: summary.unknownControls,
    },
    template:
      `${name}: ${percent}% compliant. Of ${plural(summary.totalControls, "requirement")}, ` +
      `${plural(summary.passedControls, "passes", "pass")}, ${plural(summary.failedControls, "fails", "fail")} ` +
      `and ${plural(summary.unknownControls, "is untested", "are untested")}.`,
    confidence: Math.min(95, summary.compliancePercentage + 10),
    trend,
  };
}
