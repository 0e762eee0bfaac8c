// CycloneDX 1.6 VEX: `vulnerabilities[].analysis {state, justification, response, detail}` with
// `affects[].ref` pointing at components whose bom-ref is their purl. CycloneDX's vocabulary is
// not OpenVEX's, so the mapping is lossy in places (noted per table); import reads any 1.4–1.6
// VEX and resolves refs through the components list (or takes a ref that is itself a purl).
import { z } from "zod";
import type { ExportResult, ImportResult } from "./openvex.ts";
import {
  contentUrn,
  parsePurl,
  statementProblems,
  type VexJustification,
  type VexStatement,
  type VexStatus,
} from "./statement.ts";

type CdxState =
  | "resolved"
  | "resolved_with_pedigree"
  | "exploitable"
  | "in_triage"
  | "false_positive"
  | "not_affected";
type CdxJustification =
  | "code_not_present"
  | "code_not_reachable"
  | "requires_configuration"
  | "requires_dependency"
  | "requires_environment"
  | "protected_by_compiler"
  | "protected_at_runtime"
  | "protected_at_perimeter"
  | "protected_by_mitigating_control";
type CdxResponse = "can_not_fix" | "will_not_fix" | "update" | "rollback" | "workaround_available";

const STATE_OF: Record<VexStatus, CdxState> = {
  not_affected: "not_affected",
  affected: "exploitable",
  fixed: "resolved",
  under_investigation: "in_triage",
};

const STATUS_OF: Record<CdxState, VexStatus> = {
  not_affected: "not_affected",
  false_positive: "not_affected",
  exploitable: "affected",
  resolved: "fixed",
  resolved_with_pedigree: "fixed",
  in_triage: "under_investigation",
};

// OpenVEX → CycloneDX; component_not_present has no exact twin, code_not_present is closest
const CDX_JUSTIFICATION: Record<VexJustification, CdxJustification> = {
  component_not_present: "code_not_present",
  vulnerable_code_not_present: "code_not_present",
  vulnerable_code_not_in_execute_path: "code_not_reachable",
  vulnerable_code_cannot_be_controlled_by_adversary: "requires_environment",
  inline_mitigations_already_exist: "protected_by_mitigating_control",
};

// CycloneDX → OpenVEX
const OPENVEX_JUSTIFICATION: Record<CdxJustification, VexJustification> = {
  code_not_present: "vulnerable_code_not_present",
  code_not_reachable: "vulnerable_code_not_in_execute_path",
  requires_configuration: "vulnerable_code_cannot_be_controlled_by_adversary",
  requires_dependency: "vulnerable_code_cannot_be_controlled_by_adversary",
  requires_environment: "vulnerable_code_cannot_be_controlled_by_adversary",
  protected_by_compiler: "inline_mitigations_already_exist",
  protected_at_runtime: "inline_mitigations_already_exist",
  protected_at_perimeter: "inline_mitigations_already_exist",
  protected_by_mitigating_control: "inline_mitigations_already_exist",
};

export interface CycloneDxVexOptions {
  author?: string;
  serialNumber?: string;
  timestamp?: string;
  toolName?: string;
}

interface CdxVulnerability {
  id: string;
  source?: { name: string; url?: string };
  references?: { id: string; source: { name: string } }[];
  analysis: {
    state: CdxState;
    justification?: CdxJustification;
    response?: CdxResponse[];
    detail?: string;
    lastUpdated: string;
  };
  affects: { ref: string }[];
}

export interface CycloneDxVexDocument {
  bomFormat: "CycloneDX";
  specVersion: "1.6";
  serialNumber: string;
  version: number;
  metadata: {
    timestamp: string;
    tools: { components: { type: "application"; name: string }[] };
    authors?: { name: string }[];
  };
  components: {
    type: "library";
    "bom-ref": string;
    name: string;
    group?: string;
    version?: string;
    purl: string;
  }[];
  vulnerabilities: CdxVulnerability[];
}

function sourceName(id: string): string {
  if (id.startsWith("CVE-")) return "NVD";
  if (id.startsWith("GHSA-")) return "GitHub";
  return "OSV";
}

export function exportCycloneDxVex(
  statements: readonly VexStatement[],
  options: CycloneDxVexOptions = {},
): ExportResult<CycloneDxVexDocument> {
  const errors = statements.flatMap(statementProblems);
  if (errors.length > 0) return { ok: false, errors };
  const components = new Map<string, CycloneDxVexDocument["components"][number]>();
  const vulnerabilities: CdxVulnerability[] = [];
  for (const statement of statements) {
    const purl = parsePurl(statement.purl)!;
    if (!components.has(statement.purl)) {
      components.set(statement.purl, {
        type: "library",
        "bom-ref": statement.purl,
        name: purl.name,
        ...(purl.namespace ? { group: purl.namespace } : {}),
        ...(purl.version ? { version: purl.version } : {}),
        purl: statement.purl,
      });
    }
    const aliases = [...new Set(statement.aliases)].filter((alias) => alias !== statement.vulnerabilityId);
    const analysis: CdxVulnerability["analysis"] = {
      state: STATE_OF[statement.status],
      lastUpdated: statement.timestamp,
    };
    if (statement.justification) analysis.justification = CDX_JUSTIFICATION[statement.justification];
    if (statement.status === "fixed") analysis.response = ["update"];
    const detail = [statement.impactStatement, statement.actionStatement].filter(Boolean).join("\n\n");
    if (detail) analysis.detail = detail;
    vulnerabilities.push({
      id: statement.vulnerabilityId,
      source: { name: sourceName(statement.vulnerabilityId) },
      ...(aliases.length > 0
        ? { references: aliases.map((alias) => ({ id: alias, source: { name: sourceName(alias) } })) }
        : {}),
      analysis,
      affects: [{ ref: statement.purl }],
    });
  }
  const timestamp =
    options.timestamp ??
    statements
      .map((statement) => statement.timestamp)
      .sort()
      .at(-1) ??
    new Date(0).toISOString();
  const document: CycloneDxVexDocument = {
    bomFormat: "CycloneDX",
    specVersion: "1.6",
    serialNumber: options.serialNumber ?? contentUrn({ vulnerabilities }),
    version: 1,
    metadata: {
      timestamp,
      tools: { components: [{ type: "application", name: options.toolName ?? "Rampart" }] },
      ...(options.author ? { authors: [{ name: options.author }] } : {}),
    },
    components: [...components.values()],
    vulnerabilities,
  };
  return { ok: true, document };
}

const documentSchema = z.looseObject({
  bomFormat: z.literal("CycloneDX"),
  metadata: z
    .looseObject({
      timestamp: z.string().optional(),
      authors: z.array(z.looseObject({ name: z.string().optional() })).optional(),
    })
    .optional(),
  components: z
    .array(z.looseObject({ "bom-ref": z.string().optional(), purl: z.string().optional() }))
    .optional(),
  vulnerabilities: z
    .array(
      z.looseObject({
        id: z.string(),
        references: z.array(z.looseObject({ id: z.string() })).optional(),
        analysis: z
          .looseObject({
            state: z
              .enum([
                "resolved",
                "resolved_with_pedigree",
                "exploitable",
                "in_triage",
                "false_positive",
                "not_affected",
              ])
              .optional(),
            justification: z.string().optional(),
            detail: z.string().optional(),
            lastUpdated: z.string().optional(),
            firstIssued: z.string().optional(),
          })
          .optional(),
        affects: z.array(z.looseObject({ ref: z.string() })).optional(),
      }),
    )
    .optional(),
});

/** Statements from a CycloneDX document's analysed vulnerabilities. Never throws. */
export function importCycloneDxVex(json: unknown): ImportResult {
  const parsed = documentSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      error: `CycloneDX VEX: ${issue?.message ?? "invalid"} at ${issue?.path.join(".") ?? ""}`,
    };
  }
  const document = parsed.data;
  const purlByRef = new Map<string, string>();
  for (const component of document.components ?? []) {
    if (component["bom-ref"] && component.purl) purlByRef.set(component["bom-ref"], component.purl);
  }
  const author = document.metadata?.authors?.map((entry) => entry.name).find(Boolean) ?? "unknown";
  const statements: VexStatement[] = [];
  for (const vulnerability of document.vulnerabilities ?? []) {
    const state = vulnerability.analysis?.state;
    if (!state) continue; // a vulnerability without analysis is a finding, not a VEX statement
    for (const affected of vulnerability.affects ?? []) {
      const purl =
        purlByRef.get(affected.ref) ?? (affected.ref.startsWith("pkg:") ? affected.ref : undefined);
      if (!purl) continue;
      const statement: VexStatement = {
        vulnerabilityId: vulnerability.id,
        aliases: (vulnerability.references ?? []).map((reference) => reference.id),
        purl,
        status: STATUS_OF[state],
        timestamp:
          vulnerability.analysis?.lastUpdated ??
          vulnerability.analysis?.firstIssued ??
          document.metadata?.timestamp ??
          new Date(0).toISOString(),
        author,
      };
      const justification = vulnerability.analysis?.justification as CdxJustification | undefined;
      if (justification && justification in OPENVEX_JUSTIFICATION)
        statement.justification = OPENVEX_JUSTIFICATION[justification];
      const detail = vulnerability.analysis?.detail;
      if (detail && state === "exploitable") statement.actionStatement = detail;
      else if (detail) statement.impactStatement = detail;
      if (state === "false_positive") statement.impactStatement ??= "false positive";
      statements.push(statement);
    }
  }
  return { ok: true, statements };
}
