// VEX applied to scan findings: a `sca/vulnerable-dependency` finding is the vulnerability its
// properties name (cveId, aliases, advisoryIds) in the package its purl names. Shared by the CLI
// (`scan --vex`) and the server (statements stored per tenant), so both decide alike.
import type { Finding, FindingProperties } from "../../finding.ts";
import { applyVex, type VexOutcome, type VexStatement, type VexTarget } from "./statement.ts";

export const VULNERABLE_DEPENDENCY_RULE = "sca/vulnerable-dependency";

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];

/** The vulnerability a vulnerable-dependency finding's properties describe; undefined without an id. */
export function vexTargetOf(
  properties: Readonly<Record<string, unknown>> | undefined,
): VexTarget | undefined {
  const id = properties?.cveId;
  if (typeof id !== "string" || id.length === 0) return undefined;
  const purl = typeof properties?.purl === "string" ? properties.purl : undefined;
  return {
    id,
    aliases: strings(properties?.aliases),
    advisories: strings(properties?.advisoryIds),
    package: purl ? { purl } : {},
  };
}

export interface FindingVex {
  vex?: VexOutcome;
  suppressed: boolean;
}

/** The VEX outcome of one finding (from its rule id and properties). */
export function vexOfFinding(
  finding: { ruleId: string; properties?: Readonly<Record<string, unknown>> | FindingProperties | undefined },
  statements: readonly VexStatement[],
): FindingVex {
  if (finding.ruleId !== VULNERABLE_DEPENDENCY_RULE || statements.length === 0) return { suppressed: false };
  const target = vexTargetOf(finding.properties);
  if (!target) return { suppressed: false };
  const [result] = applyVex([target], statements);
  return result!.vex ? { vex: result!.vex, suppressed: result!.suppressed } : { suppressed: false };
}

/** Why a VEX outcome suppresses a finding, in one line. */
export function vexReason(vex: VexOutcome): string {
  const why = [vex.justification, vex.impactStatement].filter(Boolean).join(": ");
  return `VEX ${vex.status}${why ? ` (${why})` : ""} by ${vex.author}`;
}

/**
 * Findings with a `vex` suppression where a statement says not_affected or fixed. A finding that
 * is already suppressed keeps its first suppression; nothing is dropped.
 */
export function suppressWithVex(
  findings: readonly Finding[],
  statements: readonly VexStatement[],
  /** Where the deciding statement is written down (a file name, or one per outcome). */
  source: string | ((vex: VexOutcome) => string),
): Finding[] {
  return findings.map((finding) => {
    if (finding.suppression) return finding;
    const { vex, suppressed } = vexOfFinding(finding, statements);
    if (!vex || !suppressed) return finding;
    const where = typeof source === "string" ? source : source(vex);
    return { ...finding, suppression: { kind: "vex", reason: vexReason(vex), source: where } };
  });
}
