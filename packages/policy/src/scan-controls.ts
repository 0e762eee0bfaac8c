// Per-control results of one scan report, from its analyzer runs and findings: what the evaluator
// (testsOutcome) reads. The server keeps its own tallies per stored finding (runs/run-record.ts)
// but reads an analyzer run through `analyzerEvidence` below, so both agree on what a run proves.
import type { AnalyzerEvidence, ControlResult } from "./evaluate.ts";

/** The fields of an engine analyzer run (`AnalyzerRun`) this module reads. */
export interface ScannedAnalyzer {
  analyzer: string;
  status: string;
  filesAnalyzed: number;
}

/** The fields of a rule's metadata (`RuleMeta`) this module reads. */
export interface ScannedRule {
  id: string;
  analyzer: string;
  controls: readonly string[];
}

/** The fields of a finding this module reads; a suppressed finding counts for nothing. */
export interface ScannedFinding {
  ruleId: string;
  suppression?: unknown;
}

/**
 * What one analyzer run proves for the controls its rules evidence. A run the scan was told not to
 * make (`not-run`) proves nothing: its controls are not evaluated rather than passing. A run with
 * no file of its kind has nothing in scope (`not-run` evidence), unless it failed outright.
 */
export function analyzerEvidence(run: ScannedAnalyzer | undefined): AnalyzerEvidence {
  if (run?.status === "not-run") return "not-evaluated";
  if (!run || run.filesAnalyzed === 0) return run?.status === "failed" ? "failed" : "not-run";
  if (run.status === "succeeded" || run.status === "partial" || run.status === "failed") return run.status;
  return "not-evaluated"; // a status this version does not know proves nothing
}

const EVIDENCE_ORDER: readonly AnalyzerEvidence[] = ["failed", "not-evaluated", "partial", "succeeded"];

/** The weaker of two analyzers' evidence for one control; `not-run` adds nothing either way. */
export function weakerAnalyzerEvidence(a: AnalyzerEvidence, b: AnalyzerEvidence): AnalyzerEvidence {
  if (a === "not-run") return b;
  if (b === "not-run") return a;
  return EVIDENCE_ORDER.indexOf(a) <= EVIDENCE_ORDER.indexOf(b) ? a : b;
}

/**
 * One result per control the rules name: failures are open findings of its rules, passes are its
 * rules whose analyzer proved something (succeeded or partial) and that reported nothing open.
 */
export function scanControlResults(
  scan: { analyzers: readonly ScannedAnalyzer[]; findings: readonly ScannedFinding[] },
  rules: readonly ScannedRule[],
): ControlResult[] {
  const runs = new Map(scan.analyzers.map((run) => [run.analyzer, run]));
  const openByRule = new Map<string, number>();
  for (const finding of scan.findings) {
    if (finding.suppression !== undefined) continue;
    openByRule.set(finding.ruleId, (openByRule.get(finding.ruleId) ?? 0) + 1);
  }
  const results = new Map<string, ControlResult>();
  for (const rule of rules) {
    const evidence = analyzerEvidence(runs.get(rule.analyzer));
    const open = openByRule.get(rule.id) ?? 0;
    const passed = open === 0 && (evidence === "succeeded" || evidence === "partial");
    for (const code of rule.controls) {
      const current = results.get(code) ?? { code, analyzersEvidenced: evidence, failures: 0, passes: 0 };
      current.analyzersEvidenced = weakerAnalyzerEvidence(current.analyzersEvidenced, evidence);
      current.failures += open;
      if (passed) current.passes += 1;
      results.set(code, current);
    }
  }
  return [...results.values()];
}
