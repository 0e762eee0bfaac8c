// The compliance evaluator: per-control results in, a framework's compliance response out.
// A control passes only if the analyzers that evidence it succeeded; otherwise it is not
// evaluated. A requirement passes only if it has mapped controls and every one of them passed.
import { z } from "zod";
import { getControl } from "./controls.ts";
import {
  type Framework,
  type FrameworkId,
  type FrameworkRequirement,
  frameworkRequirements,
  getFramework,
} from "./frameworks.ts";

export const ANALYZER_EVIDENCE = ["succeeded", "partial", "failed", "not-run"] as const;
/** How the analyzers that evidence a control fared: all succeeded, some partial, some failed, none ran. */
export type AnalyzerEvidence = (typeof ANALYZER_EVIDENCE)[number];

export const ControlResultSchema = z.strictObject({
  code: z.string().min(1),
  analyzersEvidenced: z.enum(ANALYZER_EVIDENCE),
  failures: z.int().nonnegative(),
  passes: z.int().nonnegative(),
});
export type ControlResult = z.infer<typeof ControlResultSchema>;

export const COMPLIANCE_STATUSES = ["pass", "fail", "unknown"] as const;
/** `unknown` is shown as "Untested". */
export type ComplianceStatus = (typeof COMPLIANCE_STATUSES)[number];

export interface EvaluateOptions {
  /**
   * When true, a control whose analyzers succeeded but recorded no check at all (no passes, no
   * failures: nothing of that kind in scope) is not evaluated instead of passing. Default false:
   * a clean, successful analyzer run over the whole scope is evidence.
   */
  readonly requireChecks?: boolean;
}

/** One Rampart control under a requirement. */
export interface MappedControlStatus {
  readonly code: string;
  readonly title: string;
  readonly status: ComplianceStatus;
  readonly hasFinding: boolean;
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
  /** Requirements shown as Untested: nothing mapped, or a mapped control not evaluated. */
  readonly unknownControls: number;
}

export interface ComplianceResponse {
  readonly framework: Framework;
  readonly compliance: ComplianceSummary;
  readonly controls: readonly ComplianceRow[];
}

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
const EVIDENCE_STRENGTH: readonly AnalyzerEvidence[] = ["failed", "partial", "succeeded"];

function weakerEvidence(a: AnalyzerEvidence, b: AnalyzerEvidence): AnalyzerEvidence {
  if (a === "not-run") return b;
  if (b === "not-run") return a;
  return EVIDENCE_STRENGTH.indexOf(a) <= EVIDENCE_STRENGTH.indexOf(b) ? a : b;
}

/**
 * A control's status: `fail` when any check failed (a failure found is a fact even if another
 * analyzer did not finish); else `pass` when its analyzers succeeded; else `unknown`. A control
 * with no result was not evaluated.
 */
export function controlStatus(
  result: ControlResult | undefined,
  options: EvaluateOptions = {},
): ComplianceStatus {
  if (result === undefined) return "unknown";
  if (result.failures > 0) return "fail";
  if (result.analyzersEvidenced !== "succeeded") return "unknown";
  if (options.requireChecks && result.passes === 0) return "unknown";
  return "pass";
}

/** One control's results over every repository folded into one, and the status they give it. */
export interface ControlVerdict {
  readonly result: ControlResult;
  readonly status: ComplianceStatus;
}

/**
 * The one decision of every control's status from the latest results of each repository (and the
 * images): the Compliance page and the dashboard's control numbers both read it, so a control the
 * dashboard calls evaluated is never Untested on the Compliance page. Evaluated = status not
 * `unknown`: a failure was found, or every repository that had something of its kind was checked
 * by analyzers that succeeded.
 */
export function controlVerdicts(
  results: readonly ControlResult[],
  options: EvaluateOptions = {},
): ReadonlyMap<string, ControlVerdict> {
  const verdicts = new Map<string, ControlVerdict>();
  for (const [code, result] of mergeControlResults(results))
    verdicts.set(code, { result, status: controlStatus(result, options) });
  return verdicts;
}

/** A requirement's status from its controls': no control → unknown; any fail → fail; any unknown → unknown. */
export function requirementStatus(controlStatuses: readonly ComplianceStatus[]): ComplianceStatus {
  if (controlStatuses.length === 0) return "unknown";
  if (controlStatuses.includes("fail")) return "fail";
  if (controlStatuses.includes("unknown")) return "unknown";
  return "pass";
}

/** passed / total × 100, rounded half up to one decimal; 0 when there are no requirements. */
export function compliancePercentage(passed: number, total: number): number {
  if (total <= 0) return 0;
  // Integer arithmetic first, so that e.g. 1/16 gives 6.3 and not a binary-fraction artefact.
  return Math.round((passed * 1000) / total) / 10;
}

/** The compliance rows and summary of a list of requirements. Pure. */
export function evaluateRequirements(
  requirements: readonly FrameworkRequirement[],
  results: readonly ControlResult[],
  controlTitle: (code: string) => string,
  options: EvaluateOptions = {},
): Pick<ComplianceResponse, "compliance" | "controls"> {
  const verdicts = controlVerdicts(results, options);
  const rows = requirements.map((requirement): ComplianceRow => {
    const controls = requirement.controlCodes.map((code): MappedControlStatus => {
      const verdict = verdicts.get(code);
      return {
        code,
        title: controlTitle(code),
        status: verdict?.status ?? "unknown",
        hasFinding: (verdict?.result.failures ?? 0) > 0,
      };
    });
    return {
      frameworkControlCode: requirement.id,
      isMapped: controls.length > 0,
      controlTitle: requirement.title,
      controlCode: controls.length > 0 ? controls.map((control) => control.code).join(", ") : null,
      status: requirementStatus(controls.map((control) => control.status)),
      hasFinding: controls.some((control) => control.hasFinding),
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

/** The compliance response of a framework for the given per-control results (spec: GET /api/compliance/{frameworkId}). */
export function evaluateFramework(
  frameworkId: FrameworkId,
  results: readonly ControlResult[],
  options: EvaluateOptions = {},
): ComplianceResponse {
  const framework = getFramework(frameworkId);
  if (framework === undefined) throw new Error(`unknown framework ${frameworkId}`);
  const evaluated = evaluateRequirements(
    frameworkRequirements(frameworkId),
    results,
    (code) => getControl(code)?.title ?? code,
    options,
  );
  return { framework, ...evaluated };
}
