// Turns an engine scan into the rows of one policy run: the run, its findings (failed, suppressed,
// and one passed check per clean rule), per-control results, and its self hash. Pure: the
// service writes the result in one transaction.

import { createHash } from "node:crypto";
import { plural } from "@rampart/contracts/words";
import type { AnalyzerRun, Finding as EngineFinding, RuleMeta } from "@rampart/engine";
import { vexOfFinding } from "@rampart/engine/sca/vex/findings";
import type { VexStatement } from "@rampart/engine/sca/vex/statement";
import { contentHash } from "@rampart/ledger";
import {
  type AnalyzerEvidence,
  analyzerEvidence,
  getControl,
  isKnownControl,
  weakerAnalyzerEvidence,
} from "@rampart/policy";
import type { WaiverRow } from "../findings/waiver-match.ts";
import { matchingWaiver } from "../findings/waiver-match.ts";

export type Evidence = AnalyzerEvidence;

export interface FindingRecord {
  ruleId: string;
  analyzer: string;
  controlCode: string;
  severity: "critical" | "high" | "med" | "low";
  status: "pass" | "fail" | "skip";
  message: string;
  filePath: string | null;
  line: number | null;
  fingerprint: string;
  waiverId: string | null;
  metadata: Record<string, unknown>;
}

export interface ControlRecord {
  controlCode: string;
  passes: number;
  failures: number;
  evidence: Evidence;
}

export interface OpenRuleCount {
  ruleId: string;
  analyzer: string;
  severity: FindingRecord["severity"];
  controlCode: string;
  count: number;
}

/** Open findings (failed, not waived) counted by rule and severity: the dashboard rollup. */
export function openRuleCounts(
  findings: readonly Pick<
    FindingRecord,
    "ruleId" | "analyzer" | "severity" | "controlCode" | "status" | "waiverId"
  >[],
): OpenRuleCount[] {
  const counts = new Map<string, OpenRuleCount>();
  for (const finding of findings) {
    if (finding.status !== "fail" || finding.waiverId) continue;
    const key = `${finding.ruleId}\u0000${finding.severity}`;
    const entry = counts.get(key) ?? {
      ruleId: finding.ruleId,
      analyzer: finding.analyzer,
      severity: finding.severity,
      controlCode: finding.controlCode,
      count: 0,
    };
    entry.count += 1;
    counts.set(key, entry);
  }
  return [...counts.values()];
}

export interface RunRecord {
  status: "pass" | "fail" | "skip";
  failedCount: number;
  findings: FindingRecord[];
  controls: ControlRecord[];
  selfHash: string;
}

/** The engine's reasons for a rule that threw or was incomplete: `rule <id> failed: …`, `rule <id>: …`. */
const UNFINISHED_RULE = /^rule ([a-z0-9-]+\/[a-z0-9-]+)(?::| failed:) /;

/**
 * A control's evidence from two of its analyzers. The weakest wins: one failed analyzer makes it
 * failed, and one the scan was told not to run leaves it not evaluated. An analyzer that had no
 * files of its kind ("not-run") adds nothing either way: Terraform checks that ran are evidence
 * even in a repository without CloudFormation templates.
 */
export function combineEvidence(a: Evidence, b: Evidence): Evidence {
  return weakerAnalyzerEvidence(a, b);
}

/** What an analyzer run proves (policy's reading, shared with the CLI's). */
function evidenceOf(run: AnalyzerRun | undefined): Evidence {
  return analyzerEvidence(run);
}

export function buildRunRecord(input: {
  scan: { findings: readonly EngineFinding[]; analyzers: readonly AnalyzerRun[]; filesScanned: number };
  rules: ReadonlyMap<string, RuleMeta>;
  waivers: readonly WaiverRow[];
  /** The tenant's VEX statements: a dependency finding they say is not_affected or fixed is skipped. */
  vex?: readonly VexStatement[];
  /** Unified diffs of mechanical fixes, by fingerprint. */
  patches?: ReadonlyMap<string, string>;
  identity: {
    tenantId: string;
    repositoryId: string;
    commitSha: string;
    triggeredBy: string;
    createdAt: Date;
    engineVersion: string;
  };
  now: Date;
}): RunRecord {
  const { scan, rules, waivers } = input;
  const analyzerRuns = new Map(scan.analyzers.map((run) => [run.analyzer, run]));
  const findings: FindingRecord[] = [];
  const failingRules = new Set<string>();

  for (const finding of scan.findings) {
    const rule = rules.get(finding.ruleId);
    const controls = (rule?.controls ?? []).filter(isKnownControl);
    const primary = controls[0] ?? "UNMAPPED";
    const control = controls[0] ? getControl(controls[0]) : undefined;
    const vex = vexOfFinding(finding, input.vex ?? []);
    const skipped = finding.suppression !== undefined || vex.suppressed;
    const waiver = skipped
      ? undefined
      : matchingWaiver(
          waivers,
          { ruleId: finding.ruleId, path: finding.location.path, fingerprint: finding.fingerprint },
          input.now,
        );
    const status = skipped ? "skip" : "fail";
    findings.push({
      ruleId: finding.ruleId,
      analyzer: finding.analyzer,
      controlCode: primary,
      severity: finding.severity,
      status,
      message: finding.message,
      filePath: finding.location.path,
      line: finding.location.line,
      fingerprint: finding.fingerprint,
      waiverId: waiver?.id ?? null,
      metadata: {
        ...(control
          ? { control: { code: control.code, title: control.title, severity: control.severity } }
          : {}),
        controls,
        ruleTitle: rule?.title,
        suggestion: rule?.docs.remediation,
        cwe: rule?.cwe ? [...rule.cwe] : undefined,
        confidence: finding.confidence,
        snippet: finding.location.snippet,
        column: finding.location.column,
        patch: input.patches?.get(finding.fingerprint),
        properties: finding.properties,
        fixDescription: finding.fix?.description,
        suppression: finding.suppression,
        vex: vex.vex,
      },
    });
    if (status === "fail" && !waiver) failingRules.add(finding.ruleId);
  }

  // A rule that could not do all of its work (it failed, or its input was incomplete: an unknown
  // repository setting) has checked nothing it could call a pass.
  const unfinishedRules = new Set(
    scan.analyzers.flatMap((run) =>
      run.skipped.flatMap((item) => UNFINISHED_RULE.exec(item.reason)?.[1] ?? []),
    ),
  );
  // A rule whose analyzer read at least one file and which reported nothing open is a passed check.
  // Not a custom rule: the scanned repository writes those itself, so their silence attests nothing
  // (a rule that can never match would otherwise pass any control it names); their findings still fail.
  for (const rule of rules.values()) {
    if (rule.analyzer === "custom") continue;
    const controls = rule.controls.filter(isKnownControl);
    const run = analyzerRuns.get(rule.analyzer);
    const evidence = evidenceOf(run);
    if (failingRules.has(rule.id) || unfinishedRules.has(rule.id)) continue;
    // Only a run that read files proves a clean rule; a skipped or failed one proves nothing.
    if (evidence !== "succeeded" && evidence !== "partial") continue;
    const control = getControl(controls[0]!);
    if (!control) continue;
    findings.push({
      ruleId: rule.id,
      analyzer: rule.analyzer,
      controlCode: control.code,
      severity: rule.severity,
      status: "pass",
      message: `${rule.title}: no violations in ${plural(run!.filesAnalyzed, "file")}`,
      filePath: null,
      line: null,
      fingerprint: createHash("sha256").update(`pass:${rule.id}`).digest("hex"),
      waiverId: null,
      metadata: {
        control: { code: control.code, title: control.title, severity: control.severity },
        controls,
        ruleTitle: rule.title,
      },
    });
  }

  const failedCount = findings.filter((f) => f.status === "fail" && !f.waiverId).length;
  const anyEvidence = scan.analyzers.some((run) => run.filesAnalyzed > 0);
  const status = failedCount > 0 ? "fail" : anyEvidence ? "pass" : "skip";
  // RFC 8785 canonical JSON, as the ledger hashes content: equal runs hash alike.
  const selfHash = contentHash({
    ...input.identity,
    createdAt: input.identity.createdAt.toISOString(),
    status,
    filesScanned: scan.filesScanned,
    findings: findings.map((f) => [f.ruleId, f.status, f.fingerprint, f.waiverId]).sort(),
  });
  return { status, failedCount, findings, controls: controlTallies(findings, rules, analyzerRuns), selfHash };
}

/**
 * What a finding record counts for in each control it names (metadata.controls): an open failure,
 * a passed check, or nothing (skipped, or failed under a waiver). The Control Detail list selects
 * findings by the same rule (posture.repo controlChecks), so its lists and these counts agree.
 */
export function checkOutcome(finding: Pick<FindingRecord, "status" | "waiverId">): "failure" | "pass" | null {
  if (finding.status === "fail") return finding.waiverId ? null : "failure";
  return finding.status === "pass" ? "pass" : null;
}

/**
 * The controls a finding counts for: every known control its rule evidences (metadata.controls;
 * control_code holds only the first). Rows written before metadata named them have control_code.
 */
export function controlsOfFinding(finding: {
  controlCode: string;
  metadata: Record<string, unknown> | unknown;
}): readonly string[] {
  const controls = (finding.metadata as { controls?: unknown } | null)?.controls;
  if (!Array.isArray(controls)) return [finding.controlCode];
  return controls.filter((code): code is string => typeof code === "string");
}

/**
 * Per-control results of one run. The counts are the run's finding records by checkOutcome; the
 * evidence is how the analyzers of the control's rules fared, whether or not they reported.
 */
export function controlTallies(
  findings: readonly Pick<FindingRecord, "status" | "waiverId" | "controlCode" | "metadata">[],
  rules: ReadonlyMap<string, RuleMeta>,
  analyzerRuns: ReadonlyMap<string, AnalyzerRun>,
): ControlRecord[] {
  const tallies = new Map<string, ControlRecord>();
  for (const rule of rules.values()) {
    const evidence = evidenceOf(analyzerRuns.get(rule.analyzer));
    for (const code of rule.controls.filter(isKnownControl)) {
      const current = tallies.get(code);
      if (current) current.evidence = combineEvidence(current.evidence, evidence);
      else tallies.set(code, { controlCode: code, passes: 0, failures: 0, evidence });
    }
  }
  for (const finding of findings) {
    const outcome = checkOutcome(finding);
    if (outcome === null) continue;
    for (const code of controlsOfFinding(finding)) {
      const current = tallies.get(code);
      if (!current) continue;
      if (outcome === "failure") current.failures += 1;
      else current.passes += 1;
    }
  }
  return [...tallies.values()];
}
