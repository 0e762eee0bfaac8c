// The compliance evaluator: per-control results and evidence in, a framework's compliance response
// out. A control has up to two parts: its tests (analyzer rules, the image scan, drift), which
// pass only if the analyzers that evidence it succeeded, and its evidence items, which pass only
// when every item is accepted and current. A requirement passes when none of its controls failed
// or is incomplete and at least one passed.
import { z } from "zod";
import { type Control, getControl, listControls } from "./controls.ts";
import { AT_RISK_WINDOW_DAYS, type EvidenceSpec, KEBAB_KEY } from "./evidence-specs.ts";
import {
  type Framework,
  type FrameworkId,
  type FrameworkRequirement,
  frameworkRequirements,
  getFramework,
} from "./frameworks.ts";

export const ANALYZER_EVIDENCE = ["succeeded", "partial", "failed", "not-run", "not-evaluated"] as const;
/**
 * How the analyzers that evidence a control fared: all succeeded, some partial, some failed, none
 * had a file of its kind (`not-run`), or the scan was told not to run one of them (`not-evaluated`:
 * its rules were all disabled or filtered out, so its silence proves nothing).
 */
export type AnalyzerEvidence = (typeof ANALYZER_EVIDENCE)[number];

export const ControlResultSchema = z.strictObject({
  code: z.string().min(1),
  analyzersEvidenced: z.enum(ANALYZER_EVIDENCE),
  failures: z.int().nonnegative(),
  passes: z.int().nonnegative(),
});
export type ControlResult = z.infer<typeof ControlResultSchema>;

/** Where one evidence item stands: not there, waiting for review, accepted, rejected, out of date. */
export const EVIDENCE_STATES = ["missing", "submitted", "accepted", "rejected", "expired"] as const;
export type EvidenceState = (typeof EVIDENCE_STATES)[number];

export const EvidenceItemSchema = z.strictObject({
  /** The evidence spec's key within the control. */
  key: z.string().max(64).regex(KEBAB_KEY),
  state: z.enum(EVIDENCE_STATES),
  /** When accepted evidence stops counting; absent: it does not expire. */
  validUntil: z.iso.datetime({ offset: true }).optional(),
  /** Who must provide the evidence, as the page shows it. */
  owner: z.string().trim().min(1).max(200).nullable().optional(),
});
export type EvidenceItem = z.infer<typeof EvidenceItemSchema>;

export const ControlEvidenceSchema = z.strictObject({
  code: z.string().min(1).max(64),
  items: z
    .array(EvidenceItemSchema)
    .max(50)
    .refine(
      (items) => new Set(items.map((item) => item.key)).size === items.length,
      "evidence keys must not repeat",
    ),
});
/** The state of a control's evidence items, as the server's evidence requests record it. */
export type ControlEvidence = z.infer<typeof ControlEvidenceSchema>;

export const COMPLIANCE_STATUSES = ["pass", "fail", "unknown"] as const;
/** `unknown` is shown as "Untested". */
export type ComplianceStatus = (typeof COMPLIANCE_STATUSES)[number];

/**
 * Why a control is `unknown`. `not-applicable`: its analyzers had nothing of its kind in scope
 * (no Terraform, no workflow), so there is nothing to test. `incomplete`: it should have been
 * tested but was not fully (an analyzer was partial or failed, or there is no result at all).
 */
export type UnknownReason = "not-applicable" | "incomplete";

export interface EvaluateOptions {
  /**
   * When true, a control whose analyzers succeeded but recorded no check at all (no passes, no
   * failures: nothing of that kind in scope) is not applicable instead of passing. Default false:
   * a clean, successful analyzer run over the whole scope is evidence.
   */
  readonly requireChecks?: boolean;
  /** The moment evidence is judged at (expiry, at-risk windows). Default: the current time. */
  readonly now?: Date;
}

/** One evidence item that keeps a control from passing, and who owns it. */
export interface MissingEvidence {
  readonly controlCode: string;
  readonly evidenceKey: string;
  readonly title: string;
  /** Never `accepted`: accepted evidence past its `validUntil` is reported as `expired`. */
  readonly state: EvidenceState;
  readonly owner: string | null;
}

/** One Rampart control under a requirement. */
export interface MappedControlStatus {
  readonly code: string;
  readonly title: string;
  readonly status: ComplianceStatus;
  readonly hasFinding: boolean;
  /** Why the status is `unknown`; null otherwise. */
  readonly unknownReason: UnknownReason | null;
  /** Accepted evidence expires within its cadence's warning window. */
  readonly atRisk: boolean;
}

/** One row of the compliance table: one framework requirement. */
export interface ComplianceRow {
  /** The framework requirement id: `CC6.1`, `A.8.24`, `SC-28(1)`. */
  readonly frameworkControlCode: string;
  readonly isMapped: boolean;
  /** The requirement's title. */
  readonly controlTitle: string;
  /** The mapped Rampart control codes, comma-separated; null when none is mapped. */
  readonly controlCode: string | null;
  readonly status: ComplianceStatus;
  /** Some mapped control has a failing finding. */
  readonly hasFinding: boolean;
  /** Some mapped control's accepted evidence expires soon. */
  readonly atRisk: boolean;
  /** The evidence items of the mapped controls that are not accepted and current. */
  readonly missing: readonly MissingEvidence[];
  /** The mapped controls one by one, for the drill-down. */
  readonly controls: readonly MappedControlStatus[];
}

/** Counts of requirements ("framework controls" in the spec). */
export interface ComplianceSummary {
  readonly compliancePercentage: number;
  readonly totalControls: number;
  /** Requirements with a verdict: passed + failed. */
  readonly testedControls: number;
  readonly passedControls: number;
  readonly failedControls: number;
  /** Requirements shown as Untested: nothing mapped or evaluated, or a mapped control incomplete. */
  readonly unknownControls: number;
}

/** What the response says about the framework; built-in frameworks are `Framework`. */
export interface FrameworkSummary {
  readonly id: string;
  readonly name: string;
  readonly version: string;
  readonly description: string;
}

export interface ComplianceResponse<TFramework extends FrameworkSummary = Framework> {
  readonly framework: TFramework;
  readonly compliance: ComplianceSummary;
  readonly controls: readonly ComplianceRow[];
}

// ---- the tests part ----------------------------------------------------------------------------

/**
 * Folds several results for one control (one per repository, or per run) into one: counts add up,
 * and the evidence is the weakest of the repositories that had something of its kind, so one
 * repository whose analyzer failed keeps the control from passing. A repository whose analyzers
 * had no file of the control's kind (`not-run`) is not one the control counts: an application
 * repository without Terraform says nothing about encryption at rest, for or against.
 */
export function mergeControlResults(results: readonly ControlResult[]): ReadonlyMap<string, ControlResult> {
  const merged = new Map<string, ControlResult>();
  for (const result of results) {
    const previous = merged.get(result.code);
    merged.set(
      result.code,
      previous === undefined
        ? { ...result }
        : {
            code: result.code,
            analyzersEvidenced: weakerEvidence(previous.analyzersEvidenced, result.analyzersEvidenced),
            failures: previous.failures + result.failures,
            passes: previous.passes + result.passes,
          },
    );
  }
  return merged;
}

/** Weakest first; `not-run` is left out on purpose: it adds nothing either way. */
const EVIDENCE_STRENGTH: readonly AnalyzerEvidence[] = ["failed", "not-evaluated", "partial", "succeeded"];

function weakerEvidence(a: AnalyzerEvidence, b: AnalyzerEvidence): AnalyzerEvidence {
  if (a === "not-run") return b;
  if (b === "not-run") return a;
  return EVIDENCE_STRENGTH.indexOf(a) <= EVIDENCE_STRENGTH.indexOf(b) ? a : b;
}

/** A part's or a control's verdict, with the reason when it is `unknown`. */
export interface Outcome {
  readonly status: ComplianceStatus;
  readonly unknownReason: UnknownReason | null;
}

const PASS: Outcome = { status: "pass", unknownReason: null };
const FAIL: Outcome = { status: "fail", unknownReason: null };
const NOT_APPLICABLE: Outcome = { status: "unknown", unknownReason: "not-applicable" };
const INCOMPLETE: Outcome = { status: "unknown", unknownReason: "incomplete" };

/**
 * The tests part: `fail` when any check failed (a failure found is a fact even if another analyzer
 * did not finish); else `pass` when its analyzers succeeded; else unknown, not applicable when
 * nothing of its kind was in scope and incomplete otherwise (no result counts as incomplete).
 */
export function testsOutcome(result: ControlResult | undefined, options: EvaluateOptions = {}): Outcome {
  if (result === undefined) return INCOMPLETE;
  if (result.failures > 0) return FAIL;
  if (result.analyzersEvidenced === "not-run") return NOT_APPLICABLE;
  if (result.analyzersEvidenced !== "succeeded") return INCOMPLETE;
  if (options.requireChecks && result.passes === 0) return NOT_APPLICABLE;
  return PASS;
}

/** The tests part's status alone (kept for callers that read only the status). */
export function controlStatus(
  result: ControlResult | undefined,
  options: EvaluateOptions = {},
): ComplianceStatus {
  return testsOutcome(result, options).status;
}

// ---- the evidence part -------------------------------------------------------------------------

const DAY_MS = 24 * 60 * 60 * 1000;

/** Preference when several entries name one item: current accepted evidence wins, then the rest. */
const STATE_PREFERENCE: readonly EvidenceState[] = [
  "accepted",
  "submitted",
  "rejected",
  "expired",
  "missing",
];

/** The item's state at `now`: accepted evidence whose `validUntil` has passed is expired. */
function stateAt(item: EvidenceItem, now: Date): EvidenceState {
  if (
    item.state === "accepted" &&
    item.validUntil !== undefined &&
    Date.parse(item.validUntil) <= now.getTime()
  )
    return "expired";
  return item.state;
}

/** The verdict of a control's evidence items. */
export interface EvidenceOutcome {
  readonly status: "pass" | "fail";
  readonly atRisk: boolean;
  readonly missing: readonly MissingEvidence[];
}

/**
 * The evidence part: `pass` when every spec item is accepted and current, `fail` otherwise. An
 * item without an entry is missing; entries for keys the control no longer asks for are ignored.
 * At risk: some accepted item expires within its cadence's warning window.
 */
export function evidenceOutcome(
  code: string,
  specs: readonly EvidenceSpec[],
  items: readonly EvidenceItem[],
  now: Date,
): EvidenceOutcome {
  const missing: MissingEvidence[] = [];
  let atRisk = false;
  for (const spec of specs) {
    const entries = items
      .filter((item) => item.key === spec.key)
      .map((item) => ({ item, state: stateAt(item, now) }))
      .sort((a, b) => STATE_PREFERENCE.indexOf(a.state) - STATE_PREFERENCE.indexOf(b.state));
    const best = entries[0];
    if (best?.state === "accepted") {
      const window = AT_RISK_WINDOW_DAYS[spec.cadence];
      const validUntil = best.item.validUntil === undefined ? undefined : Date.parse(best.item.validUntil);
      if (window !== null && validUntil !== undefined && validUntil - now.getTime() <= window * DAY_MS)
        atRisk = true;
      continue;
    }
    missing.push({
      controlCode: code,
      evidenceKey: spec.key,
      title: spec.title,
      state: best?.state ?? "missing",
      owner: best?.item.owner ?? null,
    });
  }
  return { status: missing.length === 0 ? "pass" : "fail", atRisk, missing };
}

// ---- a control's verdict -----------------------------------------------------------------------

/** `fail` if any part fails; `pass` if every part passes; else unknown with the first unknown part's reason. */
export function combineOutcomes(parts: readonly Outcome[]): Outcome {
  if (parts.length === 0) return INCOMPLETE;
  if (parts.some((part) => part.status === "fail")) return FAIL;
  const unknown = parts.find((part) => part.status === "unknown");
  return unknown ?? PASS;
}

/** One control's results over every repository folded into one, its evidence, and its status. */
export interface ControlVerdict {
  /** The merged test results; all zero and `not-run` for an evidence-only control. */
  readonly result: ControlResult;
  readonly status: ComplianceStatus;
  readonly unknownReason: UnknownReason | null;
  /** The tests part; null for an evidence-only control. */
  readonly tests: Outcome | null;
  /** The evidence part; null for a control without evidence specs. */
  readonly evidence: EvidenceOutcome | null;
  readonly atRisk: boolean;
  readonly missing: readonly MissingEvidence[];
}

function controlVerdict(
  code: string,
  control: Control | undefined,
  result: ControlResult | undefined,
  items: readonly EvidenceItem[] | undefined,
  options: EvaluateOptions,
): ControlVerdict {
  const evidenceOnly = control?.evidencedBy === "evidence";
  const tests = evidenceOnly ? null : testsOutcome(result, options);
  // Without evidence input (`items` undefined) only the tests part is decided.
  const specs = items === undefined ? [] : (control?.evidence ?? []);
  const evidence =
    items === undefined || specs.length === 0
      ? null
      : evidenceOutcome(code, specs, items, options.now ?? new Date());
  const parts: Outcome[] = [];
  if (tests !== null) parts.push(tests);
  if (evidence !== null) parts.push(evidence.status === "pass" ? PASS : FAIL);
  const outcome = combineOutcomes(parts);
  return {
    result: result ?? { code, analyzersEvidenced: "not-run", failures: 0, passes: 0 },
    status: outcome.status,
    unknownReason: outcome.unknownReason,
    tests,
    evidence,
    atRisk: evidence?.atRisk ?? false,
    missing: evidence?.missing ?? [],
  };
}

/** Every entry of every control's evidence, by control code (several inputs for one code add up). */
function evidenceByCode(evidence: readonly ControlEvidence[]): ReadonlyMap<string, EvidenceItem[]> {
  const byCode = new Map<string, EvidenceItem[]>();
  for (const entry of evidence) byCode.set(entry.code, [...(byCode.get(entry.code) ?? []), ...entry.items]);
  return byCode;
}

/**
 * The one decision of every control's status from the latest results of each repository (and the
 * images) and the evidence items: the Compliance page and the dashboard's control numbers both
 * read it, so a control the dashboard calls evaluated is never Untested on the Compliance page.
 *
 * With `evidence` (even an empty list) it holds every control with a result and every control
 * with evidence specs, and an item without an entry is missing: nothing passes without evidence.
 * Without it (the dashboard's scanner numbers), it decides the tests part only, for the controls
 * with a result, as before evidence existed; an evidence-only control then has no verdict, so the
 * posture score never counts one as evaluated without failures.
 */
export function controlVerdicts(
  results: readonly ControlResult[],
  options: EvaluateOptions = {},
  evidence?: readonly ControlEvidence[],
): ReadonlyMap<string, ControlVerdict> {
  const merged = mergeControlResults(results);
  const items = evidence === undefined ? undefined : evidenceByCode(evidence);
  const codes = new Set([...merged.keys()]);
  if (items !== undefined)
    for (const control of listControls()) if (control.evidence.length > 0) codes.add(control.code);
  const verdicts = new Map<string, ControlVerdict>();
  for (const code of codes) {
    const control = getControl(code);
    // A stray scanner result for an evidence-only control decides nothing without evidence input.
    if (items === undefined && control?.evidencedBy === "evidence") continue;
    verdicts.set(
      code,
      controlVerdict(code, control, merged.get(code), items && (items.get(code) ?? []), options),
    );
  }
  return verdicts;
}

// ---- requirements ------------------------------------------------------------------------------

/**
 * A requirement's status from its controls': `fail` if any failed; `unknown` if any is incomplete;
 * `pass` if at least one passed (the rest not applicable); `unknown` (Untested) when none was
 * evaluated: nothing mapped, or every mapped control not applicable. A bare `unknown` status
 * counts as incomplete.
 */
export function requirementStatus(controls: readonly (ComplianceStatus | Outcome)[]): ComplianceStatus {
  const outcomes = controls.map((control) =>
    typeof control === "string"
      ? control === "unknown"
        ? INCOMPLETE
        : { status: control, unknownReason: null }
      : control,
  );
  if (outcomes.some((outcome) => outcome.status === "fail")) return "fail";
  if (outcomes.some((outcome) => outcome.unknownReason === "incomplete")) return "unknown";
  if (outcomes.some((outcome) => outcome.status === "pass")) return "pass";
  return "unknown";
}

/** passed / total × 100, rounded half up to one decimal; 0 when there are no requirements. */
export function compliancePercentage(passed: number, total: number): number {
  if (total <= 0) return 0;
  // Integer arithmetic first, so that e.g. 1/16 gives 6.3 and not a binary-fraction artefact.
  return Math.round((passed * 1000) / total) / 10;
}

/** A control with no result, no evidence spec and no catalogue entry: nothing tested it. */
const UNEVALUATED: Pick<ControlVerdict, "status" | "unknownReason" | "atRisk" | "missing"> = {
  ...INCOMPLETE,
  atRisk: false,
  missing: [],
};

/** The compliance rows and summary of a list of requirements. Pure apart from the catalogue lookup. */
export function evaluateRequirements(
  requirements: readonly Pick<FrameworkRequirement, "id" | "title" | "controlCodes">[],
  results: readonly ControlResult[],
  controlTitle: (code: string) => string,
  options: EvaluateOptions = {},
  evidence: readonly ControlEvidence[] = [],
): Pick<ComplianceResponse, "compliance" | "controls"> {
  const verdicts = controlVerdicts(results, options, evidence);
  const rows = requirements.map((requirement): ComplianceRow => {
    const mapped = requirement.controlCodes.map((code) => ({ code, verdict: verdicts.get(code) }));
    const controls = mapped.map(({ code, verdict }): MappedControlStatus => {
      const decided = verdict ?? UNEVALUATED;
      return {
        code,
        title: controlTitle(code),
        status: decided.status,
        hasFinding: (verdict?.result.failures ?? 0) > 0,
        unknownReason: decided.unknownReason,
        atRisk: decided.atRisk,
      };
    });
    return {
      frameworkControlCode: requirement.id,
      isMapped: controls.length > 0,
      controlTitle: requirement.title,
      controlCode: controls.length > 0 ? controls.map((control) => control.code).join(", ") : null,
      status: requirementStatus(controls),
      hasFinding: controls.some((control) => control.hasFinding),
      atRisk: controls.some((control) => control.atRisk),
      missing: mapped.flatMap(({ verdict }) => verdict?.missing ?? []),
      controls,
    };
  });
  const passed = rows.filter((row) => row.status === "pass").length;
  const failed = rows.filter((row) => row.status === "fail").length;
  return {
    compliance: {
      compliancePercentage: compliancePercentage(passed, rows.length),
      totalControls: rows.length,
      testedControls: passed + failed,
      passedControls: passed,
      failedControls: failed,
      unknownControls: rows.length - passed - failed,
    },
    controls: rows,
  };
}

/**
 * The compliance response of a framework for the given per-control results and evidence (spec:
 * GET /api/compliance/{frameworkId}). Without `evidence`, evidence-only controls fail.
 */
export function evaluateFramework(
  frameworkId: FrameworkId,
  results: readonly ControlResult[],
  options: EvaluateOptions = {},
  evidence: readonly ControlEvidence[] = [],
): ComplianceResponse {
  const framework = getFramework(frameworkId);
  if (framework === undefined) throw new Error(`unknown framework ${frameworkId}`);
  const evaluated = evaluateRequirements(
    frameworkRequirements(frameworkId),
    results,
    (code) => getControl(code)?.title ?? code,
    options,
    evidence,
  );
  return { framework, ...evaluated };
}
